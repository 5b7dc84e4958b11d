/**
 * The worker that replays a guide's story with the reader's own code: it compiles the scene (the
 * sample compiler loads here, on the first edit, never before), runs it on sql.js and draws every
 * frame, off the page's main thread. The reader's code is anyone's (a shared link may carry it): the
 * network, the page's storage and code-from-text are taken away before any of it runs.
 */
import { renderStages } from '../../render/index.ts'
import { compileScene } from '../../simulation/index.ts'
import { openSqlJsDriver } from '../verify-scene.ts'
import { lockDown } from '../sandbox.ts'
import type { CodeReplay, CodeRequest } from './code-protocol.ts'

const scope = self as unknown as { onmessage: ((event: MessageEvent<CodeRequest>) => void) | null; postMessage: (message: CodeReplay) => void }

const ready = Promise.all([openSqlJsDriver(), import('../../sample/compile.ts')]).then(([openDriver]) => {
	lockDown()
	return openDriver
})

scope.onmessage = event => {
	const request = event.data
	ready
		.then(async openDriver => {
			const scene = await compileScene(request.source, { file: request.file }, openDriver)
			const { wide, narrow, timeline } = renderStages(scene.frames, { id: request.id })
			scope.postMessage({ kind: 'replayed', id: request.id, scene, svgs: wide, narrowSvgs: narrow, timeline })
		})
		.catch((error: unknown) => scope.postMessage({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }))
}
