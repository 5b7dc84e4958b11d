/** The scenes' domains, by the name a scene gives (`domain jobs`); `chat`, the seed's, unless it gives one. */
import { CHAT_DOMAIN } from './chat-domain.ts'
import type { Domain } from './domain.ts'
import { JOBS_DOMAIN } from './jobs-domain.ts'

export const DOMAINS: ReadonlyMap<string, Domain> = new Map([CHAT_DOMAIN, JOBS_DOMAIN].map(domain => [domain.name, domain]))

export const DEFAULT_DOMAIN = CHAT_DOMAIN
