// The engine's speed beside a peer measured in the same run: `hold` of a free key
// against async-mutex's runExclusive (which gives no fences and no TTL), and the time
// openStore takes on a file kv.db. A benchmark, not a test: it prints a table.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Mutex } from 'async-mutex'
import { openStore } from '../engine/adapters/node.ts'

const holdsPerRound = 100_000
const rounds = 7
const opens = 40

const scratch = mkdtempSync(join(tmpdir(), 'bench-engine-'))

/** Runs `op` `holdsPerRound` times one after another; the rate in operations per second. */
async function rate(op: () => Promise<unknown>): Promise<number> {
	const start = performance.now()
	for (let i = 0; i < holdsPerRound; i++) await op()
	return holdsPerRound / ((performance.now() - start) / 1000)
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const store = await openStore(join(scratch, 'holds'))
const summaries = store.lock('summaries')
const exports = store.semaphore('exports', { limit: 3 })
const mutex = new Mutex()
const work = (): number => 1

const contenders: Record<string, () => Promise<unknown>> = {
	'lock.hold, free key': () => summaries.hold('42', work),
	"lock.hold, free key, { ttl: '30s', wait: '10s' }": () => summaries.hold('42', work, { ttl: '30s', wait: '10s' }),
	'lock.hold, free key, reading lease.fence': () => summaries.hold('42', lease => lease.fence),
	'semaphore.hold (limit 3), free key': () => exports.hold('42', work),
	'async-mutex runExclusive (peer)': () => mutex.runExclusive(work),
}
const rates = new Map<string, number[]>(Object.keys(contenders).map(name => [name, []]))
// Warm up, then take turns so that a slow moment of the machine hits every contender.
for (const op of Object.values(contenders)) await rate(op)
for (let round = 0; round < rounds; round++) {
	for (const [name, op] of Object.entries(contenders)) rates.get(name)!.push(await rate(op))
}
await store.close()

const openMs: number[] = []
const dataDir = join(scratch, 'opens')
const first = performance.now()
await (await openStore(dataDir)).close()
const firstOpenMs = performance.now() - first
for (let i = 0; i < opens; i++) {
	const start = performance.now()
	const opened = await openStore(dataDir)
	openMs.push(performance.now() - start)
	await opened.close()
}
rmSync(scratch, { recursive: true, force: true })

const peer = median(rates.get('async-mutex runExclusive (peer)')!)
const rows: string[][] = [['what', 'result', 'vs async-mutex']]
for (const [name, values] of rates) {
	const value = median(values)
	rows.push([name, `${Math.round(value).toLocaleString('en')} /s`, `${(value / peer).toFixed(2)}x`])
}
rows.push(['openStore, file kv.db, first (creates it)', `${firstOpenMs.toFixed(2)} ms`, ''])
rows.push([`openStore, file kv.db, median of ${opens}`, `${median(openMs).toFixed(2)} ms`, ''])
rows.push([`openStore, file kv.db, slowest of ${opens}`, `${Math.max(...openMs).toFixed(2)} ms`, ''])

const widths = rows[0]!.map((_, column) => Math.max(...rows.map(row => row[column]!.length)))
const line = (row: string[]): string => `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`
console.log(`engine bench: Node ${process.version}, ${holdsPerRound.toLocaleString('en')} sequential holds per round, median of ${rounds} rounds\n`)
console.log(line(rows[0]!))
console.log(`| ${widths.map(width => '-'.repeat(width)).join(' | ')} |`)
for (const row of rows.slice(1)) console.log(line(row))
