/**
 * A scene's frames run without fences, as the view shows them: each text of the scene that run
 * denies (its frame's `denied`) is worded instead from the engine's data in the frame. A denied
 * arrow says what the engine did for it; a denied database label, the fence its row keeps; a
 * denied caption, what the step's messages did; any other denied label is left out.
 */
import type { Frame, FrameActor, FrameCheck, FrameMessage } from './frame.ts'
import { wordOutcome } from './outcome-words.ts'

function isDenied(frame: Frame, where: FrameCheck['where']): boolean {
	return (frame.denied ?? []).some(one => JSON.stringify(one) === JSON.stringify(where))
}

/** The frames of a run without fences, with every text that run denies worded from the engine's data. */
export function wordedWithoutFences(frames: readonly Frame[]): Frame[] {
	return frames.map(frame => {
		const names = new Map(frame.actors.map(actor => [actor.id, actor.label]))
		const name = (id: string): string => names.get(id) ?? id
		const messages = frame.messages.map((message, index): FrameMessage => {
			if (!isDenied(frame, { kind: 'message', index })) return message
			const { from, to, outcome } = message
			return { from, to, label: outcome ? wordOutcome(outcome) : '', ...(outcome ? { outcome } : {}) }
		})
		const actors = frame.actors.map((actor): FrameActor => {
			if (!actor.state || !isDenied(frame, { kind: 'state', actor: actor.id })) return actor
			const { state: _denied, ...rest } = actor
			return actor.storedFence === undefined ? rest : { ...rest, state: { text: `fence ${actor.storedFence}`, struck: false } }
		})
		const worded: Frame = { ...frame, messages, actors }
		if (isDenied(frame, { kind: 'caption' })) {
			worded.caption = captionOf(frame.messages, name)
			delete worded.captionMarks
		}
		return worded
	})
}

/** What a step's messages did, in words: a write a database took with no fence to check, or the engine's answer to each. */
function captionOf(messages: readonly FrameMessage[], name: (id: string) => string): string {
	const sentences: string[] = []
	for (const { from, to, outcome } of messages) {
		if (!outcome) continue
		if (outcome.kind === 'write') {
			const over = outcome.changed && outcome.before !== '0' ? `, over the row's fence ${outcome.before}: ${name(from)}'s write replaces the last one` : ''
			sentences.push(outcome.changed ? `${name(to)} checks no fence and takes ${name(from)}'s write with fence ${outcome.fence}${over}.` : `${name(to)} changes no row for ${name(from)}'s write with fence ${outcome.fence}.`)
		} else if (outcome.kind !== 'answer' && outcome.kind !== 'note') {
			const words = wordOutcome(outcome)
			if (words !== '') sentences.push(`${name(from)} to ${name(to)}: ${words}.`)
		}
	}
	return `Without fences: ${sentences.join(' ') || 'the same step, on a database that checks no fence.'}`
}
