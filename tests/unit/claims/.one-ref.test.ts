import { readFileSync } from 'node:fs'
import { it } from 'vitest'
import { caseSites, judge } from './fuzz/differential.ts'
import { runScene } from './fuzz/scene-run.ts'
it('one', async () => {
	const run = await runScene(readFileSync(process.env.F!, 'utf8'))
	const texts = process.env.T!.split('|')
	for (const [site, one] of caseSites(run!).entries()) {
		if (one.place !== 'caption' || one.frame !== Number(process.env.S)) continue
		for (const text of texts) { const v = judge(run!, { site, text }); console.log(`"${text}" checker=${v ? (v.checker.length === 0 ? 'holds' : v.checker.join('|')) : 'n/a'} ref=${v?.reference}`) }
	}
}, 900_000)
