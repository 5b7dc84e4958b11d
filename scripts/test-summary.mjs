// Prints one closing line of counts over the unit (vitest) and browser (Playwright) reports.
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
const parts = []

const [unitPath, e2ePath] = process.argv.slice(2)
if (unitPath && existsSync(unitPath)) {
	const unit = JSON.parse(readFileSync(unitPath, 'utf8'))
	passed += unit.numPassedTests
	failed += unit.numFailedTests + (unit.numFailedTestSuites ?? 0)
	skipped += unit.numPendingTests + (unit.numTodoTests ?? 0)
	parts.push(`unit ${unit.numPassedTests}/${unit.numTotalTests}`)
} else {
	failed += 1
	parts.push('unit: no report')
}
if (e2ePath && existsSync(e2ePath)) {
	const stats = JSON.parse(readFileSync(e2ePath, 'utf8')).stats
	passed += stats.expected + stats.flaky
	failed += stats.unexpected
	skipped += stats.skipped
	parts.push(`browser ${stats.expected + stats.flaky}/${stats.expected + stats.flaky + stats.unexpected + stats.skipped}`)
} else {
	failed += 1
	parts.push('browser: no report')
}
console.log(`(${parts.join(', ')})`)
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
