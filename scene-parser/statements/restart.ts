/** `restart lock`: the store crashes and opens again on the same kv.db. */
import { actorVerb } from './actor-verb.ts'

export const restart = actorVerb('restart', 'restart lock')
