/**
 * A scene's source text to its frames: parse, then simulate on the engine. Parse errors and
 * numbers that disagree with the engine both come back as diagnostics with file, line and
 * column; no diagnostics means the scene verified.
 */
import { parseScene } from '../../../scene-parser/index.ts'
import type { SourceOrigin } from '../../../scene-parser/index.ts'
import type { Diagnostic, SceneFrames } from '../frame.ts'
import { simulateScene } from './simulate.ts'
import type { OpenDriver, SimulateOptions } from './simulate.ts'

/** Parses and simulates one scene; positions are the file's, as `origin` places the block. */
export async function compileScene(
	source: string,
	origin: SourceOrigin,
	openDriver: OpenDriver,
	options: Pick<SimulateOptions, 'onFrame' | 'lookAhead' | 'sample' | 'compileSample' | 'withoutFences' | 'suggest' | 'headings' | 'offers'> = {},
): Promise<SceneFrames> {
	const parsed = parseScene(source, origin)
	if (!parsed.ok) {
		return {
			frames: [],
			diagnostics: parsed.errors.map(error => ({
				file: origin.file,
				line: error.position.line,
				column: error.position.column,
				message: error.message,
			})),
		}
	}
	return boundedDiagnostics(await simulateScene(parsed.scene, { ...options, openDriver, file: origin.file }))
}

/** The most diagnostics one scene is told; a sample can fail 20,000 times in a step, and each would be a line of the build's output. */
export const MOST_DIAGNOSTICS = 100

/** A scene's first `MOST_DIAGNOSTICS` diagnostics, and one more at the last one's place that counts the rest. */
function boundedDiagnostics(checked: SceneFrames): SceneFrames {
	const { diagnostics } = checked
	if (diagnostics.length <= MOST_DIAGNOSTICS) return checked
	const kept = diagnostics.slice(0, MOST_DIAGNOSTICS)
	const last = kept[kept.length - 1] as Diagnostic
	const more = { file: last.file, line: last.line, column: last.column, message: `and ${(diagnostics.length - MOST_DIAGNOSTICS).toLocaleString('en-US')} more errors in this scene, not told` }
	return { ...checked, diagnostics: [...kept, more] }
}
