/**
 * The guide's story replayed with the reader's code: the guide's scene with its sample's lines put
 * in place of the author's, run in a worker (code-worker.ts), and what came out different told step
 * by step: the engine's answers that changed, and the checker's errors where the story no longer holds.
 */
import type { Frame, FrameMessage, SceneFrames } from '../../frame.ts'
import { parseScene } from '../../simulation/index.ts'
import type { CodeReplay, CodeRequest } from './code-protocol.ts'

/** The file a replay's diagnostics name. */
export const CODE_FILE = 'your-code.scene'

/** The guide's scene with `code` as its sample (dedented text, one line a line); undefined when the scene has no sample. */
export function withCode(source: string, code: string): string | undefined {
	const parsed = parseScene(source, {})
	if (!parsed.ok || !parsed.scene.code) return undefined
	const lines = source.split('\n')
	const first = parsed.scene.code.position.line - 1
	const end = lines.findIndex((line, i) => i > first && /^\s*end\s*$/.test(line))
	if (end < 0) return undefined
	const indent = /^\s*/.exec(lines[first + 1] ?? '')?.[0] || '  '
	const body = code.replace(/\s+$/, '').split('\n').map(line => (line.trim() === '' ? '' : indent + line))
	return [...lines.slice(0, first + 1), ...body, ...lines.slice(end)].join('\n')
}

let worker: Worker | undefined
let asked = 0

/** How long a replay may take before its worker is stopped: code that never stops (one huge number, a loop of JavaScript's own promises) gets an answer, not a page that waits. */
export const REPLAY_LIMIT_MS = 10_000

/** Replays `source` in the code worker (made on the first replay, and again after one was stopped). */
export function replay(id: string, source: string, limitMs = REPLAY_LIMIT_MS): Promise<Extract<CodeReplay, { kind: 'replayed' }>> {
	worker ??= new Worker(new URL('./code-worker.ts', import.meta.url), { type: 'module' })
	const running = worker
	const request: CodeRequest = { id, source, file: CODE_FILE }
	const ticket = ++asked
	return new Promise((resolve, reject) => {
		const watchdog = setTimeout(() => {
			running.removeEventListener('message', listen)
			running.terminate()
			if (worker === running) worker = undefined
			reject(new Error(`your code ran for more than ${limitMs / 1000} s and was stopped: does it ever stop? (a loop, a huge number, a promise that waits on itself)`))
		}, limitMs)
		const listen = (event: MessageEvent<CodeReplay>) => {
			if (event.data.id !== id || ticket !== asked) return
			clearTimeout(watchdog)
			running.removeEventListener('message', listen)
			if (event.data.kind === 'failed') reject(new Error(event.data.message))
			else resolve(event.data)
		}
		running.addEventListener('message', listen)
		running.postMessage(request)
	})
}

/** What a message's engine answer was, in a few words, for comparing two runs. */
function answerOf(message: FrameMessage): string {
	const outcome = message.outcome
	if (!outcome) return message.label
	switch (outcome.kind) {
		case 'granted':
			return outcome.fence === undefined ? `a lease, ${outcome.holders} of ${outcome.limit}` : `fence ${outcome.fence}`
		case 'write':
		case 'answer':
			return outcome.changed ? `taken (fence ${outcome.fence}, the row held ${outcome.before})` : `refused (fence ${outcome.fence}, the row held ${outcome.before})`
		case 'gave-up':
			return `gave up after ${outcome.waitedMs} ms`
		case 'none':
			return `nothing (${outcome.reason.replace(/-/g, ' ')})`
		default:
			return outcome.kind
	}
}

/** Each step where the reader's run answered differently from the guide's, in words: `step 3: A -> chat.db: taken (...), the guide's: refused (...)`. */
export function differences(guide: readonly Frame[], yours: readonly Frame[]): string[] {
	const out: string[] = []
	for (const frame of yours) {
		const theirs = guide[frame.index]
		if (!theirs) continue
		frame.messages.forEach((message, i) => {
			const other = theirs.messages[i]
			const mine = answerOf(message)
			const was = other ? answerOf(other) : 'no message'
			if (mine !== was) out.push(`step ${frame.index}: ${message.from} → ${message.to}: ${mine}; the guide's: ${was}`)
		})
		if (frame.lines.join() !== theirs.lines.join()) out.push(`step ${frame.index}: the code ran line ${frame.lines.join(', ') || 'none'}; the guide's ran ${theirs.lines.join(', ') || 'none'}`)
	}
	return out
}

/** The replay's errors, each told with the step it stands in (or the sample), as the checker printed them. */
export function problems(source: string, scene: SceneFrames): string[] {
	const parsed = parseScene(source, {})
	const steps = parsed.ok ? parsed.scene.steps.map(step => step.position.line) : []
	return scene.diagnostics.map(d => {
		const step = steps.filter(line => line <= d.line).length
		return `${step === 0 ? 'the code' : `step ${step}`}: ${d.message}`
	})
}
