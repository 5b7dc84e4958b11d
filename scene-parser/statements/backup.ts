/** `backup lock`: a copy of the store's kv.db is taken. */
import { actorVerb } from './actor-verb.ts'

export const backup = actorVerb('backup', 'backup lock')
