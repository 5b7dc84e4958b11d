// The scene pipeline's speed: parse, simulate and render of the seed's scene per second,
// beside a peer measured in the same run (mdast-util-from-markdown reading the seed page, the
// Markdown parse every page pays anyway), and the time for generated scenes of 10, 100 and
// 1,000 steps, to show the cost grows linearly. A benchmark, not a test: it prints a table.
import { readFileSync, readdirSync } from 'node:fs'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { parseScene } from '../src/scenes/simulation/index.ts'
import type { Scene } from '../src/scenes/simulation/index.ts'
import { openFreshNodeDriver, openNodeDriver, openSqlJsDriverFactory } from '../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../src/scenes/markdown/scene-blocks.ts'
import { renderFrame } from '../src/scenes/render/index.ts'
import { forgetLanguages } from '../src/scenes/claims/index.ts'
import { compileScene, simulateScene } from '../src/scenes/simulation/index.ts'
import type { OpenDriver } from '../src/scenes/simulation/index.ts'
import { generated } from './generated-scene.ts'
import { CheckPool } from '../src/scenes/guarded/index.ts'

const seedPage = readFileSync(new URL('../tests/unit/parser/fixtures/fences.md', import.meta.url), 'utf8')
const seedBlock = findSceneBlocks(seedPage)[0]
if (!seedBlock) throw new Error('the seed page has no scene')
const seedText = seedBlock.text

function mustParse(text: string): Scene {
	const parsed = parseScene(text)
	if (!parsed.ok) throw new Error(`scene does not parse: ${parsed.errors[0]?.message}`)
	return parsed.scene
}

/** Runs `op` for about `ms` milliseconds; operations per second. */
async function perSecond(op: () => unknown, ms = 1500): Promise<number> {
	for (let i = 0; i < 20; i++) await op()
	let count = 0
	const start = performance.now()
	while (performance.now() - start < ms) {
		await op()
		count++
	}
	return count / ((performance.now() - start) / 1000)
}

async function timeOnce(op: () => unknown, repeat = 3): Promise<number> {
	const times: number[] = []
	await op()
	for (let i = 0; i < repeat; i++) {
		const start = performance.now()
		await op()
		times.push(performance.now() - start)
	}
	return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN
}

// A lying scene whose refused clause is offered the nearest true sentence, as an author meets it.
const lyingText = readFileSync(new URL('../tests/unit/claims/fixtures/lies/at-t-state-when-restart-state-false.scene', import.meta.url), 'utf8')
const lyingScene = mustParse(lyingText)
const seedScene = mustParse(seedText)
const seedFrames = await simulateScene(seedScene, { openDriver: openNodeDriver })
if (seedFrames.diagnostics.length > 0) throw new Error('the seed scene does not verify')
const openSqlJs = await openSqlJsDriverFactory()
// The guarded check, as the build and the CLI check: the seed's scene sent to a checker process and
// its frames structured-cloned back, one at a time (the round trip), and with every checker busy.
const onePool = new CheckPool({ workers: 1 })
const allPool = new CheckPool()
const checkers = allPool.limits.workers
onePool.warm()
allPool.warm()
const guarded = async (pool: CheckPool, count: number) => {
	const all = await Promise.all(Array.from({ length: count }, () => pool.check(seedText)))
	if (all.some(frames => frames.diagnostics.length > 0)) throw new Error(`the guarded check: ${all.find(frames => frames.diagnostics.length > 0)?.diagnostics[0]?.message}`)
}

const rows: [string, string, string][] = []
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')

// Each contender runs in turns, five rounds of about a second each after a warm-up round, and its
// median is shown: a slow moment of a shared machine then hits every row, the peer's too.
const contenders: [string, () => unknown, number?][] = [
	['peer: mdast-util-from-markdown, the seed page', () => fromMarkdown(seedPage)],
	["parse the seed's scene", () => parseScene(seedText)],
	["simulate the seed's scene (better-sqlite3, as the build: databases reused)", () => simulateScene(seedScene, { openDriver: openNodeDriver })],
	["simulate the seed's scene (better-sqlite3, new databases)", () => simulateScene(seedScene, { openDriver: openFreshNodeDriver })],
	["check the seed's scene: parse + simulate + claims (as the build)", () => simulateScene(mustParse(seedText), { openDriver: openNodeDriver })],
	[
		"the same, its claim language made and its texts read anew each time (a scene's first check)",
		() => {
			forgetLanguages()
			return simulateScene(mustParse(seedText), { openDriver: openNodeDriver })
		},
	],
	['check a lying scene, its refused clause offered the nearest true sentence ("did you mean")', () => simulateScene(lyingScene, { openDriver: openNodeDriver })],
	['the same lying scene, no sentence offered (offers: false, as the engine\'s own tests run)', () => simulateScene(lyingScene, { openDriver: openNodeDriver, offers: false })],
	["check the seed's scene, guarded: one checker process, one scene at a time (the build's path)", () => guarded(onePool, 1)],
	[`the same, ${checkers} checker${checkers === 1 ? '' : 's'} (one a core), ${checkers * 2} scenes at a time: scenes per second`, () => guarded(allPool, checkers * 2), checkers * 2],
	["simulate the seed's scene (sql.js)", () => simulateScene(seedScene, { openDriver: openSqlJs })],
	["render the seed's 4 frames to SVG", () => seedFrames.frames.map(frame => renderFrame(frame, { id: 'bench' }))],
]
const rates = contenders.map((): number[] => [])
for (const [, op] of contenders) await perSecond(op, 1000)
for (let round = 0; round < 5; round++) {
	for (const [i, [, op]] of contenders.entries()) rates[i]!.push(await perSecond(op, 1000))
}
const medians = rates.map((list, i) => ([...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN) * (contenders[i]![2] ?? 1))
const peer = medians[0]!
for (const [i, [name]] of contenders.entries()) rows.push([name, fmt(medians[i]!), `${(medians[i]! / peer).toFixed(2)}x`])

console.log('\nThe seed scene, per second, the median of five rounds taken in turns (higher is better; ratio against the peer)\n')
table(['what', 'per second', 'vs peer'], rows)

// The claims' lie fixtures, each checked once after the kept claim languages are forgotten, its lie refused and, where
// one is near, a true sentence offered: the work of the claims suites' slowest files. Beside the peer reading the same
// files as Markdown, in the same run.
const liesDir = new URL('../tests/unit/claims/fixtures/lies/', import.meta.url).pathname
const lies = readdirSync(liesDir, { recursive: true, encoding: 'utf8' })
	.filter(name => name.endsWith('.scene'))
	.sort()
	.map(name => readFileSync(`${liesDir}${name}`, 'utf8'))
const peerLiesMs = await timeOnce(() => lies.map(text => fromMarkdown(text)))
forgetLanguages()
const liesStart = performance.now()
for (const text of lies) {
	const checked = await compileScene(text, { file: 'lie.scene' }, openNodeDriver)
	if (checked.diagnostics.length === 0) throw new Error('a lie fixture verified')
}
const liesMs = performance.now() - liesStart
console.log(`\nThe claims' ${lies.length} lie fixtures, each checked once (kept languages forgotten first, its lie refused, a sentence offered where one is near), ms\n`)
table(['what', 'ms', 'vs peer'], [
	['peer: mdast-util-from-markdown, the same files (median of 3)', peerLiesMs.toFixed(0), '1.00x'],
	['check every lie fixture', liesMs.toFixed(0), `${(liesMs / peerLiesMs).toFixed(0)}x`],
])

const sizes = [10, 100, 1000]
const growth: [string, string, string, string, string][] = []
for (const steps of sizes) {
	const text = generated(steps)
	const scene = mustParse(text)
	const run = async (openDriver: OpenDriver) => {
		const frames = await simulateScene(scene, { openDriver })
		if (frames.diagnostics.length > 0) throw new Error(`generated scene: ${frames.diagnostics[0]?.message}`)
		return frames
	}
	const frames = await run(openNodeDriver)
	const parseMs = await timeOnce(() => parseScene(text))
	const nodeMs = await timeOnce(() => run(openNodeDriver))
	const wasmMs = await timeOnce(() => run(openSqlJs))
	const renderMs = await timeOnce(() => frames.frames.map(frame => renderFrame(frame, { id: 'bench' })))
	growth.push([String(steps), parseMs.toFixed(2), nodeMs.toFixed(1), wasmMs.toFixed(1), renderMs.toFixed(1)])
}
console.log('\nGenerated scenes, ms (median of 3, after a warm-up run); linear growth means x10 steps is about x10 time\n')
table(['steps', 'parse', 'simulate, better-sqlite3', 'simulate, sql.js', 'render every frame'], growth)
const ratio = (col: number) => (Number(growth[2]![col]) / Number(growth[1]![col])).toFixed(1)
console.log(`\n100 -> 1,000 steps: parse x${ratio(1)}, simulate x${ratio(2)} (better-sqlite3), x${ratio(3)} (sql.js), render x${ratio(4)}`)

onePool.close()
allPool.close()

function table(head: string[], body: string[][]): void {
	const widths = head.map((h, i) => Math.max(h.length, ...body.map(r => (r[i] ?? '').length)))
	const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
	console.log(line(head))
	console.log(`| ${widths.map(w => '-'.repeat(w)).join(' | ')} |`)
	for (const row of body) console.log(line(row))
}
