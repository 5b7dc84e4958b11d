/** What the page and the code worker say to each other: a scene to replay with the reader's code, and its frames drawn. */
import type { SceneFrames } from '../../frame.ts'

export interface CodeRequest {
	/** The scene's figure id, which the drawings' ids use. */
	id: string
	/** The guide's scene with the reader's code in its sample. */
	source: string
	/** The file its diagnostics name. */
	file: string
}

export type CodeReplay =
	| { kind: 'replayed'; id: string; scene: SceneFrames; svgs: string[]; narrowSvgs: string[]; timeline?: { wide: string; narrow: string; text: string } }
	| { kind: 'failed'; id: string; message: string }
