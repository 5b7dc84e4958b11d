// Prints one closing line of counts over every part of the run. Each argument is one part:
//   vitest:LABEL=FILE       a vitest JSON report
//   playwright:LABEL=FILE   a Playwright JSON report
//   step:LABEL=FILE         a file holding a command's exit status (a site build): one check
//   counts:LABEL=FILE       a line "N passed, N failed, N skipped" (a client's contract tests)
//   doctest:LABEL=FILE      npm run doctest's --json report; its blocks not run count as skipped
// A part whose report is missing counts as one failure.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { parseArgs } from 'node:util'

let passed = 0
let failed = 0
let skipped = 0
const parts = []
/** Which tests failed, by part, so that a log's last lines say what to look at. */
const failures = []

/** Counts of one part's report: passed, failed, skipped. */
const readers = {
	vitest(file) {
		const unit = JSON.parse(readFileSync(file, 'utf8'))
		// A failed test fails its describe blocks and its file too; those are counted only when no
		// test failed (a file that could not load has no tests to fail).
		const failed = unit.numFailedTests > 0 ? unit.numFailedTests : (unit.numFailedTestSuites ?? 0)
		const names = (unit.testResults ?? []).flatMap(file => {
			const tests = (file.assertionResults ?? []).filter(test => test.status === 'failed')
			const where = relative(process.cwd(), file.name ?? '')
			if (tests.length === 0 && file.status === 'failed') return [`${where} (the file failed: ${String(file.message ?? '').split('\n')[0]})`]
			return tests.map(test => `${where} > ${test.fullName ?? test.title}`)
		})
		return [unit.numPassedTests, failed, unit.numPendingTests + (unit.numTodoTests ?? 0), names]
	},
	playwright(file) {
		const report = JSON.parse(readFileSync(file, 'utf8'))
		const stats = report.stats
		const names = []
		const walk = suite => {
			for (const spec of suite.specs ?? []) {
				if (!spec.ok) names.push(`${spec.file}:${spec.line} > ${spec.title}`)
			}
			for (const child of suite.suites ?? []) walk(child)
		}
		for (const suite of report.suites ?? []) walk(suite)
		return [stats.expected + stats.flaky, stats.unexpected, stats.skipped, names]
	},
	counts(file) {
		const match = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(readFileSync(file, 'utf8'))
		return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : [0, 1, 0]
	},
	doctest(file) {
		const report = JSON.parse(readFileSync(file, 'utf8'))
		return [report.passed, report.failed, report.notRun ?? 0]
	},
	step(file) {
		return readFileSync(file, 'utf8').trim() === '0' ? [1, 0, 0] : [0, 1, 0]
	},
}

/** The parts named on the command line; an option is a usage error. */
function readParts() {
	try {
		return parseArgs({ allowPositionals: true }).positionals
	} catch (error) {
		console.error(`test-summary.mjs: ${error.message}`)
		process.exit(2)
	}
}

for (const argument of readParts()) {
	const match = /^(\w+):([^=]+)=(.*)$/.exec(argument)
	const read = match && readers[match[1]]
	if (!read) {
		console.error(`test-summary.mjs: ${argument}: expected vitest:, playwright:, step:, counts: or doctest:LABEL=FILE`)
		process.exit(2)
	}
	const [, , label, file] = match
	if (!existsSync(file)) {
		failed += 1
		parts.push(`${label}: no report`)
		continue
	}
	const [p, f, s, names = []] = read(file)
	for (const name of names) failures.push(`${label}: ${name}`)
	passed += p
	failed += f
	skipped += s
	parts.push(`${label} ${p}/${p + f + s}`)
}
const SHOWN = 10
for (const failure of failures.slice(0, SHOWN)) console.log(`failed: ${failure}`)
if (failures.length > SHOWN) console.log(`failed: and ${failures.length - SHOWN} more`)
console.log(`(${parts.join(', ')})`)
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
