/**
 * The playground's compile worker: parses, simulates on sql.js and draws every frame, off the page's main thread.
 */
import { sqlJsDriver } from '../../engine/adapters/index.ts'
import { loadSqlJs } from '../scenes/browser/verify-scene.ts'
import { renderFrame } from '../scenes/render/render-svg.ts'
import { compileScene } from '../scenes/simulation/compile.ts'
import { animatedSvg } from './animated-svg.ts'
import { PLAYGROUND_FILE } from './worker-protocol.ts'
import type { WorkerRequest, WorkerResponse } from './worker-protocol.ts'

const scope = self as unknown as { onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null; postMessage: (message: WorkerResponse) => void }

async function answer(request: WorkerRequest): Promise<WorkerResponse> {
	if (request.kind === 'animate') return { kind: 'animated', id: request.id, svg: animatedSvg(request.frames, { title: request.title }) }
	const start = performance.now()
	const SQL = await loadSqlJs()
	const scene = await compileScene(request.source, { file: PLAYGROUND_FILE, line: 1, column: 0 }, bytes => sqlJsDriver(SQL, bytes))
	const svgs = scene.frames.map(frame => renderFrame(frame, { id: 'playground' }))
	return { kind: 'compiled', id: request.id, frames: scene.frames, svgs, diagnostics: scene.diagnostics, ms: performance.now() - start }
}

scope.onmessage = event => {
	const request = event.data
	answer(request).then(
		response => scope.postMessage(response),
		(error: unknown) => scope.postMessage({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
	)
}
