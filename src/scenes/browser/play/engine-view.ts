/** "What the engine ran" for one step: each SQL statement with its parameters and result, then every table after the step. */
import type { FrameLog } from './engine-log.ts'

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, children: (Node | string)[] = []): HTMLElementTagNameMap[K] {
	const node = document.createElement(tag)
	if (className) node.className = className
	node.append(...children)
	return node
}

function shown(value: unknown): string {
	if (value === null) return 'null'
	if (value instanceof Uint8Array) return `(${value.byteLength} bytes)`
	return typeof value === 'string' ? `'${value}'` : String(value)
}

/** Fills `box` with the log of step `step` (text nodes only: SQL and values never become markup). */
export function showEngineLog(box: HTMLElement, log: FrameLog | undefined, step: number): void {
	const title = element('h4', 'scene-play-engine-title', [step === 0 ? 'Before the first step, the engine ran:' : `In step ${step}, the engine ran:`])
	const calls = log?.calls ?? []
	const list = calls.length === 0
		? element('p', '', ['Nothing: this step did not touch SQLite. Holders and waiters live in the store\'s memory; only the epoch is written.'])
		: element('ol', 'scene-play-calls', calls.map(call => element('li', '', [
			element('span', 'scene-play-owner', [`${call.owner}: `]),
			element('code', '', [call.sql]),
			...(call.params.length > 0 ? [' with ', element('code', '', [call.params.map(shown).join(', ')])] : []),
			` → ${call.result}${call.times > 1 ? ` (${call.times} times)` : ''}`,
		])))
	const tables = (log?.tables ?? []).map(table => {
		const head = element('tr', '', table.columns.map(column => element('th', '', [column])))
		const rows = table.rows.map(row => element('tr', '', row.map(value => element('td', '', [shown(value)]))))
		return element('table', 'scene-play-table', [
			element('caption', '', [`${table.owner}: ${table.table}, after the step`]),
			element('thead', '', [head]),
			element('tbody', '', rows.length > 0 ? rows : [element('tr', '', [element('td', '', ['no rows'])])]),
		])
	})
	box.replaceChildren(title, list, ...tables)
}
