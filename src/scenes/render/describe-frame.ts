/**
 * A frame in words, for screen readers: the SVG's title (the scene, the step, its caption) and its
 * description (every actor's label and state, every message, the time).
 */
import type { Frame } from '../frame.ts'
import { formatDuration, stateText } from '../frame-format.ts'

/** The SVG's title: the scene's name, which step, and its caption. */
export function titleText(frame: Frame, title: string | undefined): string {
	const step = frame.index === 0 ? 'initial state' : `step ${frame.index}`
	const head = title?.trim() ? `${title.trim()}, ${step}` : step.charAt(0).toUpperCase() + step.slice(1)
	return frame.caption.trim() ? `${head}: ${frame.caption.trim()}` : head
}

/** A plain-text account of a frame for screen readers: every actor's label and state, every message, the time. */
export function describeFrame(frame: Frame): string {
	const labelOf = new Map<string, string>()
	for (const actor of frame.actors) if (!labelOf.has(actor.id)) labelOf.set(actor.id, actor.label)
	const name = (id: string) => labelOf.get(id) ?? id
	const sentences: string[] = []
	for (const actor of frame.actors) {
		const facts: string[] = []
		if (actor.state && actor.state.text.trim() !== '') {
			facts.push(stateText(actor.state))
		}
		if (actor.lease) {
			const what = actor.lease.fence !== undefined ? `lease with fence ${actor.lease.fence}` : 'lease'
			facts.push(actor.lease.lost ? `${what}, lost` : `holds a ${what}`)
		}
		if (actor.storedFence !== undefined) facts.push(`stores fence ${actor.storedFence}`)
		if (actor.held !== undefined) facts.push(`held by ${actor.held.map(one => `${name(one.worker)} until ${formatDuration(one.until)}`).join(', ')}`)
		else if (actor.holders !== undefined) facts.push(actor.holders.length ? `held by ${actor.holders.map(name).join(', ')}` : 'free')
		sentences.push(facts.length ? `${actor.label}: ${facts.join('; ')}.` : `${actor.label}.`)
	}
	if (frame.messages.length) {
		const messages = frame.messages.map(m => {
			const mark = m.color === 'ok' ? ' (ok)' : m.color === 'bad' ? ' (bad)' : ''
			return `${name(m.from)} -> ${name(m.to)}: ${m.label}${mark}`
		})
		sentences.push(`Messages: ${messages.join('; ')}.`)
	}
	sentences.push(`Time ${formatDuration(frame.time)}.`)
	return sentences.join(' ')
}
