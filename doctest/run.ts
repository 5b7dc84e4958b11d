/**
 * `npm run doctest`: runs every fenced code block of the site's pages (ts, python, go, rust, sql,
 * sh) with its hidden setup (doctest/setup.ts), and each mutant a setup names, which must fail.
 * Prints a failure with its page, line and output, then a table per language: ran, failed, not
 * run (`norun="why"` in the block's meta). Exits with 1 when a block or a mutant failed.
 * `npm run doctest -- --json FILE` also writes the counts; `-- PATH...` runs the pages under PATH;
 * `-- --show` prints what each program printed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { codeBlocks, pages, type CodeBlock } from './blocks.ts'
import { Director } from './director.ts'
import { LANGUAGES, type RunContext } from './languages/index.ts'
import { program } from './setup.ts'

const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '')
const args = process.argv.slice(2)
const jsonAt = args.indexOf('--json')
const jsonFile = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined
const showAt = args.indexOf('--show')
const show = showAt >= 0
if (show) args.splice(showAt, 1)
const only = args

interface Row {
	ran: number
	failed: number
	notRun: number
	mutants: number
}

const rows = new Map(LANGUAGES.map(language => [language.name, { ran: 0, failed: 0, notRun: 0, mutants: 0 } as Row]))
const notRun: string[] = []
const others = new Map<string, number>()
const failures: string[] = []

const director = await Director.start()
const scratch = mkdtempSync(join(tmpdir(), 'doctest-'))
let programs = 0
const context: RunContext = {
	root,
	env: { TINYSTORE_LOCKS_URL: director.url },
	exec: (command, commandArgs, options) =>
		director.exec(command, commandArgs, { cwd: options.cwd, env: { TINYSTORE_LOCKS_URL: director.url, ...options.env }, timeoutMs: options.timeoutMs ?? 60_000 }),
}

async function runBlock(block: CodeBlock): Promise<void> {
	const language = LANGUAGES.find(l => l.name === block.lang)
	const place = `${block.file}:${block.line}`
	if (language === undefined) {
		others.set(block.lang, (others.get(block.lang) ?? 0) + 1)
		return
	}
	const row = rows.get(language.name) as Row
	if (block.norun !== undefined) {
		row.notRun++
		notRun.push(`${place} (${block.lang}): ${block.norun}`)
		return
	}
	row.ran++
	let built
	try {
		built = program(root, block, language)
	} catch (error) {
		row.failed++
		failures.push(`${place}: ${block.lang} block ${block.ordinal}: ${(error as Error).message}`)
		return
	}
	const run = async (source: string) => {
		const dir = join(scratch, String(++programs))
		mkdirSync(dir)
		return language.run(source, dir, context)
	}
	const outcome = await run(built.source)
	if (show) console.log(`${place}: ${block.lang} block ${block.ordinal}:\n${indent(outcome.output)}\n`)
	if (!outcome.ok) {
		row.failed++
		failures.push(`${place}: ${block.lang} block ${block.ordinal} failed (setup ${built.setup}):\n${indent(outcome.output)}`)
	}
	for (const mutant of built.mutants) {
		row.mutants++
		const changed = await run(mutant.source)
		if (show) console.log(`${place}: ${block.lang} block ${block.ordinal}, "${mutant.from}" made "${mutant.to}":\n${indent(changed.output)}\n`)
		// A mutant stopped by its timeout proves nothing: it must fail by its own check.
		if (changed.ok || changed.output.includes('(stopped after')) {
			row.failed++
			failures.push(`${place}: ${block.lang} block ${block.ordinal} with "${mutant.from}" made "${mutant.to}" passed, but its setup says it must fail (${built.setup}):\n${indent(changed.output)}`)
		}
	}
}

function indent(text: string): string {
	return text.trimEnd().split('\n').slice(-40).map(line => `    ${line}`).join('\n')
}

try {
	for (const page of pages(root).filter(page => only.length === 0 || only.some(path => page.startsWith(path)))) {
		for (const block of codeBlocks(root, page)) await runBlock(block)
	}
} finally {
	await director.close()
	rmSync(scratch, { recursive: true, force: true })
}

for (const failure of failures) console.log(`FAILED ${failure}\n`)
console.log('| language | ran | failed | not run | mutants that must fail |')
console.log('| --- | --- | --- | --- | --- |')
for (const [name, row] of rows) console.log(`| ${name} | ${row.ran} | ${row.failed} | ${row.notRun} | ${row.mutants} |`)
if (notRun.length > 0) console.log(`\nnot run:\n${notRun.map(line => `  ${line}`).join('\n')}`)
if (others.size > 0) console.log(`\nnot code (not run): ${[...others].map(([lang, n]) => `${lang} ${n}`).join(', ')}`)
const total = [...rows.values()].reduce((sum, row) => ({ ran: sum.ran + row.ran, failed: sum.failed + row.failed, notRun: sum.notRun + row.notRun }), { ran: 0, failed: 0, notRun: 0 })
console.log(`\ndoctest: ${total.ran - total.failed} passed, ${total.failed} failed`)
if (jsonFile !== undefined) writeFileSync(jsonFile, JSON.stringify({ passed: total.ran - total.failed, failed: total.failed, notRun: total.notRun, rows: Object.fromEntries(rows) }))
process.exit(total.failed === 0 ? 0 : 1)
