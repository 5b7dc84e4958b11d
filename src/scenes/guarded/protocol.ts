/**
 * What the pool and a checker process say to each other over the process's channel, as structured
 * clones (Node's `advanced` serialization): a scene to check, and its frames back. A frame is plain
 * data (bigints included), so the frames that cross are the frames the checker made.
 */
import type { SceneFrames } from '../frame.ts'
import type { SourceOrigin } from '../simulation/index.ts'

/** To a checker: check this scene. One at a time: the next comes once this one's frames are back. */
export interface CheckRequest {
	id: number
	source: string
	origin: SourceOrigin
	/** Run the scene's story with its databases on the plain update, as its 'Without fences' switch shows it. */
	withoutFences?: true
	/** The words of its page's title and headings, which its id may use. */
	headings?: readonly string[]
	/** Give each step the captions the language can truly say of it (`scenes suggest`). */
	suggest?: true
}

/** What a check may be asked besides the scene: `CheckRequest`'s options, as the in-process `compileScene` takes them. */
export interface CheckOptions {
	withoutFences?: boolean
	headings?: readonly string[]
	suggest?: boolean
}

/**
 * From a checker: it has loaded the checker and takes scenes; or a scene's frames. `spent` when the
 * scene's check left the process in a state no scene should inherit: something failed that nothing
 * handled, the check itself threw, or its heap holds more than half the pool's limit once the scene
 * is done. The pool ends a spent checker and starts another for the next scene.
 */
export type CheckerMessage = { kind: 'ready' } | { kind: 'checked'; id: number; frames: SceneFrames; spent?: true }
