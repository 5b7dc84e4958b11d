/**
 * The scene text a reader's session starts from: the guide's scene up to the step they took over
 * at, without its code sample (the reader's actions are the program), its databases turned to
 * the plain update when the "without fences" switch is on. A kept
 * caption's pause length ("a long garbage collection") is left out: how long the pause lasts is
 * now the reader's to decide, and a copy of the session must still check as a whole scene.
 */
import type { Frame } from '../../frame.ts'
import { kindOf, parseScene } from '../../simulation/index.ts'

/** The authored scene cut after step `kept`, and what the session needs to know of its cast. */
export interface SessionBase {
	text: string
	/** How many steps the cut text has. */
	kept: number
	/** Every database actor's id: the switch applies to them. */
	databases: string[]
}

/**
 * The fence each lock of the guide's scene gave first, by actor id, from the guide's own frames:
 * the engine's answer to the first hold each lock granted before any restart (a fence of epoch 0,
 * written as its count).
 */
export function firstFences(frames: readonly Frame[]): Map<string, string> {
	const firsts = new Map<string, string>()
	for (const frame of frames) {
		const locks = new Set(frame.actors.filter(actor => kindOf(actor.icon) === 'store').map(actor => actor.id))
		for (const message of frame.messages) {
			const outcome = message.outcome
			if (!locks.has(message.from) || firsts.has(message.from) || outcome?.kind !== 'granted' || outcome.fence === undefined) continue
			if (/^\d+$/.test(outcome.fence)) firsts.set(message.from, outcome.fence)
		}
	}
	return firsts
}

/**
 * Cuts `source` after its step `kept` (clamped), with `fences=off` on every database when `fenced`
 * is false, and the leases' TTL `ttl` (`20s`) when given, in place of the scene's. A lock in `firsts` that sets no `first=` of its own gets the fence the guide's scene
 * gave first, so a reader who takes over before that grant is given the guide's numbers (fence 7,
 * not the 1 a scene whose grants name no fence starts from).
 */
export function sessionBase(source: string, kept: number, fenced: boolean, firsts: ReadonlyMap<string, string> = new Map(), ttl?: string): SessionBase {
	const parsed = parseScene(source, {})
	if (!parsed.ok) throw new Error(`the guide's scene does not parse: ${parsed.errors[0]?.message ?? ''}`)
	const { scene } = parsed
	const steps = Math.min(Math.max(0, Math.floor(kept)), scene.steps.length)
	const lines = source.split('\n')
	const next = scene.steps[steps]
	const cut = next ? lines.slice(0, next.position.line - 1) : lines
	const databases = scene.actors.filter(actor => kindOf(actor.icon) === 'database')
	if (!fenced) {
		for (const actor of databases) {
			if (actor.fences === 'off') continue
			const at = actor.position.line - 1
			// The attribute goes right after the icon, so a comment at the end of the line cannot swallow it.
			cut[at] = (cut[at] ?? '').replace(/icon=("?)database\1/, match => `${match} fences=off`)
		}
	}
	for (const actor of scene.actors) {
		const first = firsts.get(actor.id)
		if (first === undefined || actor.first !== undefined || kindOf(actor.icon) !== 'store') continue
		const at = actor.position.line - 1
		cut[at] = (cut[at] ?? '').replace(/icon=("?)lock\1/, match => `${match} first=${first}`)
	}
	for (const step of scene.steps.slice(0, steps)) {
		const { position, end } = step.caption
		if (!end || end.line !== position.line) continue
		const at = position.line - 1
		const line = cut[at] ?? ''
		cut[at] = line.slice(0, position.column) + withoutPauseLength(line.slice(position.column, end.column - 2)) + line.slice(end.column - 2)
	}
	// A session is not the guide's scene: the id, which names what the whole scene shows, is left out.
	for (const setting of scene.settings) if (setting.kind === 'id') cut[setting.position.line - 1] = ''
	if (ttl !== undefined) {
		// Last, as a line put in moves the lines after it.
		const setting = scene.settings.find(one => one.kind === 'ttl')
		const first = scene.actors[0]
		if (setting) cut[setting.position.line - 1] = `ttl ${ttl}`
		else if (first) cut.splice(first.position.line - 1, 0, `ttl ${ttl}`)
	}
	while (cut.length > 0 && (cut[cut.length - 1] ?? '').trim() === '') cut.pop()
	// The reader schedules the workers themselves, step by step: the session is the scene's story
	// without its code sample, whose acts the reader's own choices (a wait, a try) are not.
	return { text: copiedScene(cut.join('\n') + '\n'), kept: steps, databases: databases.map(actor => actor.id) }
}

/** A caption without the words that say how long a pause lasted, which only an aside after a colon carries. */
function withoutPauseLength(caption: string): string {
	return caption.replace(/(: )([^]*)$/, (_all, colon: string, aside: string) => {
		const rest = aside.replace(/\b(long|short)\b\s*/g, '').replace(/\ban (?=[^aeiou\s])/gi, 'a ')
		return /^[\s.,;!?]*$/.test(rest) ? rest.trim() : colon + rest
	})
}

/**
 * A session as a scene to copy: without the guide's code sample and the lines its steps mark in it.
 * The reader's actions are not that code's (a hold waiting as long as it takes, a wait of their own),
 * and a scene is held to its sample, so the copy keeps only what the engine ran.
 */
export function copiedScene(text: string): string {
	const parsed = parseScene(text, {})
	if (!parsed.ok || !parsed.scene.code) return text
	const lines = text.split('\n')
	const first = parsed.scene.code.position.line - 1
	const end = lines.findIndex((line, i) => i > first && /^\s*end\s*(#.*)?$/.test(line))
	for (const step of parsed.scene.steps) {
		const at = step.position.line - 1
		const line = lines[at] ?? ''
		// After the caption's closing quote, so a caption that says "line=" keeps it.
		const after = step.caption.end?.line === step.position.line ? step.caption.end.column - 1 : 0
		lines[at] = line.slice(0, after) + line.slice(after).replace(/\s+line=\S+/, '')
	}
	if (end >= 0) lines.splice(first, end - first + 1)
	return lines.join('\n')
}
