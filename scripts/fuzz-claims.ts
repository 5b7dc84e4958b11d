/**
 * `npm run fuzz:claims -- --cases N [--seed S] [--keep]`: random scenes and texts, each text
 * judged by the claims' checker and by the reference evaluator, which must agree (see
 * tests/unit/claims/fuzz/). Prints cases per second and each disagreement found, shrunk; with
 * `--keep`, writes each as a fixture in tests/unit/claims/fixtures/fuzz/, which the unit tests replay.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { fuzz } from '../tests/unit/claims/fuzz/run.ts'
import { fixtureOf } from '../tests/unit/claims/fuzz/differential.ts'

function option(name: string, fallback: number): number {
	const at = process.argv.indexOf(`--${name}`)
	if (at < 0) return fallback
	const value = Number(process.argv[at + 1])
	if (!Number.isInteger(value) || value < 0) {
		console.error(`--${name} takes a whole number, like --${name} 1000`)
		process.exit(2)
	}
	return value
}

const cases = option('cases', 10_000)
const seed = option('seed', Date.now() % 1_000_000)
const keep = process.argv.includes('--keep')
console.log(`claims fuzz: ${cases} cases from seed ${seed}`)
const run = await fuzz({
	cases,
	seed,
	onProgress: progress => process.stdout.write(`\r${progress.cases} cases, ${progress.scenes} scenes, ${Math.round(progress.cases / (progress.ms / 1000))} cases/s, ${progress.disagreements.length} disagreements`),
})
process.stdout.write('\n')
for (const found of run.disagreements) {
	const fixture = fixtureOf(found)
	console.log(`\ndisagreement: "${found.case.text}": the checker ${found.checker.length === 0 ? 'holds it' : `refuses it (${found.checker.join('; ')})`}, the reference ${found.reference ? 'holds it' : 'refuses it'}`)
	if (keep) {
		const dir = new URL('../tests/unit/claims/fixtures/fuzz/', import.meta.url)
		mkdirSync(dir, { recursive: true })
		const name = `disagreement-${createHash('sha256').update(fixture).digest('hex').slice(0, 10)}.scene`
		writeFileSync(new URL(name, dir), fixture)
		console.log(`kept as tests/unit/claims/fixtures/fuzz/${name}`)
	} else console.log(fixture)
}
const seconds = run.ms / 1000
console.log(`${run.cases} cases in ${run.scenes} scenes, ${seconds.toFixed(1)} s: ${Math.round(run.cases / seconds)} cases per second; ${run.disagreements.length} disagreement${run.disagreements.length === 1 ? '' : 's'}`)
process.exit(run.disagreements.length === 0 ? 0 : 1)
