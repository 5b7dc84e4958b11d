// Every page of the sitemap as Lighthouse sees it on a phone (its mobile preset: a mid-range phone,
// slow 4G and a 4x slower CPU, simulated), served gzipped over loopback as a static host would:
// performance score, CLS, total blocking time, LCP, DOM elements and bytes transferred. Beside its
// peers in the same run: Starlight's starter (bench/starlight-peer, one page of prose, built here
// with the same Astro and Starlight) and a plain static page. A benchmark: it prints a table, and
// the pages that miss the site's aims. `--no-build` measures the dist/ already built; `--runs N`
// takes each page's median run of N (by score); `--only TEXT` measures the pages whose path has TEXT.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build, serve } from './site-server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const peerProject = 'bench/starlight-peer'
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
/** The site's aims (issue 31): 100 on every page but the playground, 98 there; CLS 0; at most 1,500 elements untouched. */
const aims = { score: 100, playgroundScore: 98, cls: 0, domElements: 1500 }

function option(name: string): string | undefined {
	const index = process.argv.indexOf(name)
	return index < 0 ? undefined : process.argv[index + 1]
}
const runs = Math.max(1, Number(option('--runs') ?? 1))
const only = option('--only')

interface Figures {
	page: string
	score: number
	cls: number
	tbtMs: number
	lcpMs: number
	domElements: number | undefined
	transferBytes: number
	/** What moved, from Lighthouse's layout-shifts audit: each element and its share of CLS. */
	shifts: string[]
}

/** Lighthouse's measure of this machine's speed at each run (higher is faster): a busy machine stretches the main thread's tasks, and so TBT. */
const benchmarkIndexes: number[] = []

/** The pages of a built site's sitemap, at `origin` instead of the published address. */
function sitemapPages(folder: string, origin: string): string[] {
	const xml = readFileSync(join(folder, 'sitemap-0.xml'), 'utf8')
	return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(match => origin + new URL(match[1] ?? '/').pathname)
}

async function measure(port: number, url: string, label: string): Promise<Figures> {
	const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
	if (!result) throw new Error(`${url}: Lighthouse gave no result`)
	const { lhr } = result
	if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
	if (lhr.environment.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex)
	const audit = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN
	const shiftItems = (lhr.audits['layout-shifts']?.details as { items?: Array<{ node?: { selector?: string; snippet?: string }; score?: number }> } | undefined)?.items ?? []
	return {
		page: label,
		score: Math.round((lhr.categories['performance']?.score ?? Number.NaN) * 100),
		cls: audit('cumulative-layout-shift'),
		tbtMs: audit('total-blocking-time'),
		lcpMs: audit('largest-contentful-paint'),
		domElements: lhr.audits['dom-size-insight']?.numericValue,
		transferBytes: audit('total-byte-weight'),
		shifts: shiftItems.map(item => `${item.node?.selector ?? item.node?.snippet ?? 'an element'} (${(item.score ?? 0).toFixed(3)})`),
	}
}

/** The median of `runs` runs by score (then by TBT), so one slow run does not stand for the page. */
async function measureMedian(port: number, url: string, label: string): Promise<Figures> {
	const all: Figures[] = []
	for (let i = 0; i < runs; i++) all.push(await measure(port, url, label))
	all.sort((a, b) => a.score - b.score || b.tbtMs - a.tbtMs)
	return all[Math.floor(all.length / 2)]!
}

function table(rows: string[][]): string {
	const widths = rows[0]!.map((_, i) => Math.max(...rows.map(row => (row[i] ?? '').length)))
	return rows.map(row => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')).join('\n')
}

const plainPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A plain page</title><meta name="description" content="One page of prose, no CSS or JavaScript."></head>
<body><h1>A plain page</h1><p>Guides lead a user through a specific task they want to accomplish, often with a sequence of steps.
Writing a good guide requires thinking about what your users are trying to do.</p></body></html>`

if (!process.argv.includes('--no-build')) {
	build(root)
}
build(root, peerProject)
const plainDir = mkdtempSync(join(tmpdir(), 'plain-page-'))
writeFileSync(join(plainDir, 'index.html'), plainPage)
const site = await serve(dist, { gzip: true })
const peer = await serve(join(root, peerProject, 'dist'), { gzip: true })
const plain = await serve(plainDir, { gzip: true })
const chrome = await chromeLauncher.launch({ chromePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium', chromeFlags: chromiumArgs })
const peers: Figures[] = []
const results: Figures[] = []
try {
	peers.push(await measureMedian(chrome.port, `${peer.origin}/guides/example/`, 'peer: Starlight starter, /guides/example/'))
	peers.push(await measureMedian(chrome.port, `${plain.origin}/`, 'peer: a plain static page'))
	for (const url of sitemapPages(dist, site.origin)) {
		const path = new URL(url).pathname
		if (only && !path.includes(only)) continue
		results.push(await measureMedian(chrome.port, url, path))
		process.stderr.write('.')
	}
	process.stderr.write('\n')
} finally {
	chrome.kill()
	site.close()
	peer.close()
	plain.close()
	rmSync(plainDir, { recursive: true, force: true })
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated slow 4G, 4x CPU), performance only; each page served gzipped from loopback${runs > 1 ? `; median of ${runs} runs` : ''}.`)
console.log('DOM elements: the most the page had while loading, untouched. Transfer: every byte the page fetched, compressed.')
const sortedIndexes = [...benchmarkIndexes].sort((a, b) => a - b)
console.log(`This machine, by Lighthouse's benchmark index at each run (higher is faster): lowest ${sortedIndexes[0]?.toFixed(0)}, median ${sortedIndexes[Math.floor(sortedIndexes.length / 2)]?.toFixed(0)}, highest ${sortedIndexes[sortedIndexes.length - 1]?.toFixed(0)}; a busy machine stretches the main thread's tasks, and so TBT.\n`)
console.log(table([
	['page', 'score', 'CLS', 'TBT', 'LCP', 'DOM elements', 'transfer'],
	...[...peers, ...results].map(r => [
		r.page,
		String(r.score),
		// A shift too small for three decimals is still a shift: the aim is none.
		r.cls > 0 && r.cls < 0.0005 ? '<0.001' : r.cls.toFixed(3),
		`${r.tbtMs.toFixed(0)} ms`,
		`${(r.lcpMs / 1000).toFixed(2)} s`,
		r.domElements === undefined ? '-' : r.domElements.toLocaleString('en-US'),
		kb(r.transferBytes),
	]),
]))
const shifted = results.filter(r => r.shifts.length > 0)
if (shifted.length > 0) {
	console.log('\nWhat shifted (Lighthouse\'s layout-shifts audit):')
	for (const r of shifted) console.log(`  ${r.page}: ${r.shifts.join(', ')}`)
}
const misses = results.flatMap(r => {
	const aim = r.page === '/playground/' ? aims.playgroundScore : aims.score
	return [
		...(r.score < aim ? [`${r.page} score ${r.score} < ${aim}`] : []),
		...(r.cls > aims.cls ? [`${r.page} CLS ${r.cls.toFixed(3)}`] : []),
		...(r.domElements !== undefined && r.domElements > aims.domElements ? [`${r.page} ${r.domElements} DOM elements > ${aims.domElements}`] : []),
	]
})
console.log(`\nAims: score ${aims.score} (the playground ${aims.playgroundScore}), CLS ${aims.cls}, at most ${aims.domElements.toLocaleString('en-US')} DOM elements before a scene is touched.`)
console.log(misses.length === 0 ? 'Every page meets them.' : `Missed: ${misses.join('; ')}`)
