// Reads a client's contract test log (go test -v; the Python and Rust contracts' own runners,
// which print "ok - NAME") and prints its counts as "N passed, N failed, N skipped"; with --cases, each case's outcome
// and name instead. A run that exited non-zero with no failure in its log counts one failure.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({ options: { cases: { type: 'boolean', default: false } }, allowPositionals: true })
const listCases = values.cases
const [lang, file, exitCode = '0'] = positionals
const log = readFileSync(file, 'utf8')

/** Each case of the log: its outcome and its name as the contract writes it. */
function cases() {
	const found = []
	if (lang === 'go') {
		for (const match of log.matchAll(/^\s+--- (PASS|FAIL|SKIP): \w+\/(\S+)/gm)) {
			found.push([{ PASS: 'passed', FAIL: 'failed', SKIP: 'skipped' }[match[1]], match[2].replaceAll('_', ' ')])
		}
	} else if (lang === 'rust' || lang === 'python') {
		for (const match of log.matchAll(/^(ok|FAILED|skipped) - (.+)$/gm)) {
			found.push([{ ok: 'passed', FAILED: 'failed', skipped: 'skipped' }[match[1]], match[2]])
		}
	} else {
		throw new Error(`client-counts.mjs: ${lang}: expected python, go or rust`)
	}
	return found
}

const all = cases()
if (listCases) {
	for (const [outcome, name] of all) console.log(`  ${outcome.padEnd(7)} ${name}`)
} else {
	const count = outcome => all.filter(([o]) => o === outcome).length
	let failed = count('failed')
	if (exitCode !== '0' && failed === 0) failed = 1
	console.log(`${count('passed')} passed, ${failed} failed, ${count('skipped')} skipped`)
}
