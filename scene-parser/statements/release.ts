/** `release a`: the worker lets go of its lease, and the next in line holds the key at once. */
import { actorVerb } from './actor-verb.ts'

export const release = actorVerb('release', 'release a')
