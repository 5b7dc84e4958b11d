/**
 * A reader's session in a link: which step they took over at, the switch, and their actions, as
 * JSON packed the way the playground packs a scene (raw DEFLATE, base64url) in the URL's fragment.
 */
import { SceneLinkError, decodeScene, encodeScene } from '../../scene-link.ts'
import type { ReaderAct } from './act.ts'

/** What a link carries: enough to replay the session on the engine, never frames or words. */
export interface SessionLink {
	kept: number
	fenced: boolean
	acts: ReaderAct[]
	/** The TTL the reader chose (`20s`), when not the scene's. */
	ttl?: string
}

/** The TTLs a reader may give a scene's leases, as a scene writes them; the first the words for the scene's own. */
export const TTL_CHOICES: readonly string[] = ['5s', '10s', '15s', '20s', '30s', '45s', '1m', '2m']

/** The most actions a link may carry: far more than a reader plays, few enough to replay at once. */
export const MAX_LINK_ACTS = 200

/** The fragment of a session link: `#SCENE-ID-play=PAYLOAD`. */
export function sessionHash(sceneId: string, payload: string): string {
	return `#${sceneId}-play=${payload}`
}

export async function encodeSession(link: SessionLink): Promise<string> {
	return encodeScene(JSON.stringify({ v: 1, kept: link.kept, fenced: link.fenced, acts: link.acts, ...(link.ttl === undefined ? {} : { ttl: link.ttl }) }))
}

const WORD = /^[@A-Za-z_][A-Za-z0-9_-]{0,63}$/
const CHOICE = /^[A-Za-z0-9_-]{1,20}$/

/** The session a payload carries; a SceneLinkError says, in the reader's words, what is wrong with one that is not. */
export async function decodeSession(payload: string): Promise<SessionLink> {
	const text = await decodeScene(payload)
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch {
		throw new SceneLinkError("the link's session is damaged: it is not the data a played scene leaves")
	}
	const bad = (why: string): never => {
		throw new SceneLinkError(`the link's session is not one this page can replay: ${why}`)
	}
	if (typeof value !== 'object' || value === null || (value as { v?: unknown }).v !== 1) return bad('it has no version 1 session in it')
	const { kept, fenced, acts, ttl } = value as Record<string, unknown>
	if (typeof kept !== 'number' || !Number.isSafeInteger(kept) || kept < 0 || kept > 10_000) return bad('the step it starts from is not a step number')
	if (typeof fenced !== 'boolean') return bad('it does not say whether fences are on')
	if (!Array.isArray(acts)) return bad('it has no list of actions')
	if (acts.length > MAX_LINK_ACTS) return bad(`it has ${acts.length} actions; a link carries at most ${MAX_LINK_ACTS}`)
	const read = acts.map((act: unknown, index): ReaderAct => {
		const { action, actor, choice } = (typeof act === 'object' && act !== null ? act : {}) as Record<string, unknown>
		if (typeof action !== 'string' || !WORD.test(action) || typeof actor !== 'string' || !WORD.test(actor)) return bad(`action ${index + 1} does not name an action and an actor`)
		if (choice !== undefined && (typeof choice !== 'string' || !CHOICE.test(choice))) return bad(`action ${index + 1} has a choice that is not a word`)
		return choice === undefined ? { action, actor } : { action, actor, choice }
	})
	if (ttl !== undefined && (typeof ttl !== 'string' || !TTL_CHOICES.includes(ttl))) return bad(`its TTL is not one of ${TTL_CHOICES.join(', ')}`)
	return { kept, fenced, acts: read, ...(ttl === undefined ? {} : { ttl }) }
}
