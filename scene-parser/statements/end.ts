/**
 * `end a`: an operator ends the worker's lease from outside it, as a lock server's `leases --end`
 * does: the worker's lease is lost (it is told), and the key goes to the next in line at once.
 */
import { actorVerb } from './actor-verb.ts'

export const end = actorVerb('end', 'end a')
