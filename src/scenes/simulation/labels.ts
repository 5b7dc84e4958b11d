/** The actors' state labels: set, struck, and shown in every frame until set again. */
import type { Text } from '../../../scene-parser/index.ts'
import type { Ended, TextMark } from '../frame.ts'

/** An actor's label: its text, whether it is struck, the frame it was set in, and the marks its check found. */
interface Label {
	text: Text
	struck: boolean
	/** The frame it was set in, and the frame it was struck in. */
	setIn: number
	/** The simulated time it was set at. */
	at: number
	/** How many messages its actor had sent in that step when it was set. */
	sentBefore: number
	/** It reads as a label of the paused form (paused, stalled, crashed). */
	pauses: boolean
	struckIn?: number
	/** The strike's own text, where a problem with the strike is told. */
	struckBy?: Text
	/** Why it no longer holds, as the engine had it at the end of the step that struck it. */
	ended?: Ended
	marks: TextMark[]
}

export class Labels {
	readonly #labels = new Map<string, Label>()

	set(actor: string, text: Text, frame: number, sentBefore: number, pauses: boolean, at: number): void {
		this.#labels.set(actor, { text, struck: false, setIn: frame, at, sentBefore, pauses, marks: [] })
	}

	/** When the actor's shown paused label was set, if it shows one. */
	pausedSince(actor: string): number | undefined {
		const label = this.#labels.get(actor)
		return label !== undefined && !label.struck && label.pauses ? label.at : undefined
	}

	/** Whether the actor's shown label says it is paused. */
	paused(actor: string): boolean {
		const label = this.#labels.get(actor)
		return label !== undefined && !label.struck && label.pauses
	}

	/** Whether the actor's shown label says its process crashed (not only paused): it sends nothing for the rest of the scene. */
	crashed(actor: string): boolean {
		const label = this.#labels.get(actor)
		return label !== undefined && !label.struck && label.pauses && /\bcrashed\b/i.test(label.text.value)
	}

	/** Strikes the actor's label; the text must be its current label's, else the reason it cannot be struck. */
	strike(actor: string, text: Text, frame: number): string | undefined {
		const current = this.#labels.get(actor)
		if (!current || current.text.value !== text.value || current.struck) {
			const now = !current ? 'it has no label' : current.struck ? `its label "${current.text.value}" is struck already` : `its label is "${current.text.value}"`
			this.#labels.set(actor, { text, struck: true, setIn: frame, at: current?.at ?? 0, struckIn: frame, sentBefore: 0, pauses: false, marks: [] })
			return `cannot strike "${text.value}" on ${actor}: ${now}`
		}
		current.struck = true
		current.struckIn = frame
		current.struckBy = text
		if (current.setIn === frame) {
			return frame === 0
				? `cannot strike "${text.value}" before the first step: nothing has happened yet, so nothing it said can have stopped holding`
				: `cannot strike "${text.value}" in the step that set it: the reader never sees it unstruck, so it is never checked; set it in an earlier step and strike it once it no longer holds`
		}
		return undefined
	}

	get(actor: string): Label | undefined {
		return this.#labels.get(actor)
	}

	entries(): IterableIterator<[string, Label]> {
		return this.#labels.entries()
	}
}
