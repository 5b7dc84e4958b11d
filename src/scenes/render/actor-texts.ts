/**
 * An actor's two texts as a layout draws them: its label on one bold line and its state on up to
 * two lines in a pill, each cut to the layout's widths, with the room they take.
 */
import type { FrameActor } from '../frame.ts'
import type { Metrics } from './stage-metrics.ts'
import { fitLines, textWidth } from './svg-text.ts'
import { stateText } from '../frame-format.ts'

/** An actor's label and state lines, and their widths (the state's with its pill's padding); empty texts are 0 wide. */
interface ActorTexts {
	label: string
	labelWidth: number
	stateLines: string[]
	stateWidth: number
}

/** The label and state of an actor, fitted to the layout. */
export function actorTexts(actor: FrameActor, m: Metrics): ActorTexts {
	const label = fitLines(actor.label, m.label, m.textMax, 1, true)[0] ?? ''
	const labelWidth = label === '' ? 0 : textWidth(label, m.label, true)
	const stateLines = actor.state && actor.state.text.trim() !== '' ? stateLinesOf(actor.state, m) : []
	const stateWidth = stateLines.length > 0 ? Math.max(...stateLines.map(line => textWidth(line, m.state, false))) + 20 : 0
	return { label, labelWidth, stateLines, stateWidth }
}

/** A state's lines; a struck one keeps its last words, why it ended, whole even when its text must be cut. */
function stateLinesOf(state: NonNullable<FrameActor['state']>, m: Metrics): string[] {
	const width = m.textMax - 20
	const lines = fitLines(stateText(state), m.state, width, 2, false)
	if (!state.struck || lines.join(' ').endsWith(')')) return lines
	const ended = stateText({ text: '', struck: true, ended: state.ended }).trim()
	return [...fitLines(state.text, m.state, width, 1, false), ended]
}
