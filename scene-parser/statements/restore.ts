/** `restore lock`: the store opens again on the copy a backup took. */
import { actorVerb } from './actor-verb.ts'

export const restore = actorVerb('restore', 'restore lock')
