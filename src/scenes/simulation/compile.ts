/**
 * A scene's source text to its frames: parse, then simulate on the engine. Parse errors and
 * numbers that disagree with the engine both come back as diagnostics with file, line and
 * column; no diagnostics means the scene verified.
 */
import { parseScene } from '../../../scene-parser/index.ts'
import type { SourceOrigin } from '../../../scene-parser/index.ts'
import type { SceneFrames } from '../frame.ts'
import { simulateScene } from './simulate.ts'
import type { OpenDriver, SimulateOptions } from './simulate.ts'

/** Parses and simulates one scene; positions are the file's, as `origin` places the block. */
export async function compileScene(
	source: string,
	origin: SourceOrigin,
	openDriver: OpenDriver,
	options: Pick<SimulateOptions, 'onFrame' | 'lookAhead' | 'sample' | 'compileSample' | 'withoutFences' | 'suggest' | 'headings'> = {},
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
	return simulateScene(parsed.scene, { ...options, openDriver, file: origin.file })
}
