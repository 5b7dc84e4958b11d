/**
 * The playground's compile worker: parses, simulates on sql.js and draws frames, off the page's main thread.
 */
import { openSqlJsDriver } from '../scenes/browser/verify-scene.ts'
import type { Frame } from '../scenes/frame.ts'
import { renderFrame } from '../scenes/render/index.ts'
import { compileScene } from '../scenes/simulation/index.ts'
import { formatMessage } from '../scenes/frame-format.ts'
import { counterText, initialCaption } from '../scenes/scene-figure.ts'
import { animatedSvg } from './animated-svg.ts'
import { PLAYGROUND_FILE } from './worker-protocol.ts'
import { lockDown } from '../scenes/browser/sandbox.ts'
import type { StageDrawing, WorkerRequest, WorkerResponse } from './worker-protocol.ts'

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage: (message: WorkerResponse) => void }

/** The frames of the last compile, so the page can ask for the others only when the author steps to them. */
let last: { id: number; frames: Frame[] } = { id: 0, frames: [] }

const draw = (frame: Frame): StageDrawing => ({
	wide: renderFrame(frame, { id: 'playground', layout: 'wide' }),
	narrow: renderFrame(frame, { id: 'playground-narrow', layout: 'narrow' }),
})

async function answer(request: WorkerRequest): Promise<WorkerResponse> {
	if (request.kind === 'animate') return { kind: 'animated', id: request.id, svg: animatedSvg(request.frames, { title: request.title }) }
	if (request.kind === 'draw') {
		const frame = request.compile === last.id ? last.frames[request.index] : undefined
		if (!frame) return { kind: 'failed', id: request.id, message: `no frame ${request.index} of compile ${request.compile}` }
		return { kind: 'drawn', id: request.id, index: request.index, drawing: draw(frame) }
	}
	if (request.kind === 'suggest') {
		// The same run and checker as `npm run scenes -- suggest`, for one step: a step's sentences cost more than its run.
		const scene = await compileScene(request.source, { file: PLAYGROUND_FILE, line: 1, column: 0 }, await openSqlJsDriver(), { suggest: [request.step] })
		const sentences = (scene.frames[request.step]?.suggestions ?? []).map(({ text, group }) => ({ text, group }))
		return { kind: 'suggested', id: request.id, step: request.step, sentences }
	}
	const start = performance.now()
	const scene = await compileScene(request.source, { file: PLAYGROUND_FILE, line: 1, column: 0 }, await openSqlJsDriver())
	last = { id: request.id, frames: scene.frames }
	// Drawing every frame costs as much as the simulation; only the one on the stage is needed now.
	const shown = Math.min(Math.max(request.show, 0), Math.max(scene.frames.length - 1, 0))
	const frame = scene.frames[shown]
	const drawing = frame && draw(frame)
	const steps = Math.max(scene.frames.length - 1, 0)
	return {
		kind: 'compiled',
		id: request.id,
		frames: scene.frames,
		captions: scene.frames.map(f => f.caption || initialCaption),
		counters: scene.frames.map(f => counterText(f.index, steps)),
		shown,
		drawing,
		diagnostics: scene.diagnostics.map(d => ({ ...d, printed: formatMessage({ ...d, message: `error: ${d.message}` }) })),
		ms: performance.now() - start,
	}
}

/**
 * The worker runs whatever scene it is sent (a shared link is anyone's): sql.js and the sample
 * compiler load first, then the network, the page's storage and code-from-text are taken away.
 */
const ready = Promise.all([openSqlJsDriver(), import('../scenes/sample/compile.ts')]).then(() => {
	lockDown()
})

scope.onmessage = event => {
	const request = event.data
	ready.then(() => answer(request)).then(
		response => scope.postMessage(response),
		(error: unknown) => scope.postMessage({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
	)
}
