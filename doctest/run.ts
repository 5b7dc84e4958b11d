/**
 * `npm run doctest`: runs every fenced code block of the site's pages (ts, python, go, rust, sql,
 * sh) with its hidden setup (doctest/setup.ts), and each mutant a setup names, which must fail
 * (doctest/run-block.ts); a program that plays a scene's story is compared with its frames.
 * Prints a failure with its page, line and output, then a table per language: ran, failed, not
 * run (`norun="why"` in the block's meta). Exits with 1 when a block or a mutant failed.
 * `npm run doctest -- --json FILE` also writes the counts; `-- PATH...` runs the pages under PATH;
 * `-- --show` prints what each program printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { codeBlocks, pages, type CodeBlock } from './blocks.ts'
import { Director } from './director.ts'
import { LANGUAGES } from './languages/index.ts'
import { runBlock, type BlockRunner } from './run-block.ts'

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
const runner: BlockRunner = {
	root,
	scratch,
	context: director.runContext(root),
	...(show ? { show: (text: string) => console.log(text) } : {}),
}

async function count(block: CodeBlock): Promise<void> {
	const run = await runBlock(block, runner)
	if (run.status === 'not-code') {
		others.set(block.lang, (others.get(block.lang) ?? 0) + 1)
		return
	}
	const row = rows.get(block.lang) as Row
	if (run.status === 'not-run') {
		row.notRun++
		notRun.push(`${block.file}:${block.line} (${block.lang}): ${run.why}`)
		return
	}
	row.ran++
	row.mutants += run.mutants
	// A block counts as failed once, however many of its mutants passed.
	if (run.failures.length > 0) row.failed++
	failures.push(...run.failures)
}

try {
	for (const page of pages(root).filter(page => only.length === 0 || only.some(path => page.startsWith(path)))) {
		for (const block of codeBlocks(root, page)) await count(block)
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
