// How many natural true captions read at first contact (the aim is 9 in 10). Each corpus scene must
// pass as written; each caption is pasted into its step and counted as read when no error stands on
// its line. The rate is printed with every caption refused, and may not fall below what was measured
// when this test was written: a change that refuses more of what writers say fails here.
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { corpusFiles, tryCaption, type CorpusResult } from './corpus.ts'

/**
 * The share of the corpus that read when last measured; raise it as the language grows. It was 0.917 before
 * trial 18's new stories joined (their first drafts read 24 of 33), 0.903 with them: no lower than the aim; 0.916
 * (557 of 608) once their refused drafts read (issue 37), all but "The cron job fires on both machines", refused by design;
 * 0.914 (588 of 643) with trial 19's drafts, 29 of 35 of which read at first contact once its writer's refusals were mended;
 * 0.931 (710 of 763) with trials 20 to 22's: trial 22's 44 read once its writer's refusals were mended (32 had on the day);
 * 0.929 (745 of 802) with trial 23's, 35 of 39 of which read once its writer's refusals were mended (26 had on the day);
 * 0.919 (774 of 842) with trial 24's, 29 of 40 as on the day, its refusals not yet mended; 0.926 (816 of 881) with trial
 * 25's, 31 of 39 as on the day, once trial 24's refusals were mended (39 of its 40 now read); 0.923 (853 of 924)
 * with trial 26's, 31 of 43 as on the day, once trial 25's were mended (37 of its 39 now read); 0.932 (861 of 924)
 * once trial 26's were mended in part (38 of its 43 now read); 0.931 (896 of 962) with trial 27's, 35 of 38 as on the
 * day (its writer's three untrue drafts kept uncounted); 0.938 (945 of 1008) with trial 28's, 42 of 46 as on the day, once
 * trial 27's were mended (all 38 now read); with trial 29's, 34 of 39 now (31 on the day; a taken write's "1 < 2" reads
 * since, the row's fence first): 0.939 (983 of 1047); with trial 30's, 39 of 41 as on the day (1022 of 1088);
 * 0.943 (1065 of 1130) with trial 31's, 37 of 42 as on the day, once trial 29's and 30's refusals were mended (30's 41 all read);
 * 0.942 (1098 of 1169) with trial 32's, 33 of 39 as on the day (written at af3689c, before trial 31's were mended);
 * 0.949 (1109 of 1169) once trials 31's and 32's refusals were mended (31's 41 of 42 read, 32's all 39); 0.949 (1145 of
 * 1206) with trial 33's, 21 of 37 as on the day, once its refusals were mended (36 of 37 now read; the last tells a belief,
 * which the engine does not record); 0.948 (1178 of 1243) with trial 34's, 23 of 37 as on the day, once its refusals were
 * mended in part (32 of 37 now read); 0.942 (1211 of 1286) with trial 35's, 33 of 43 as on the day (its writer's untrue
 * fourth story kept uncounted); 0.950 (1222 of 1286) once its refusals were mended in part; 0.945 (1247 of 1320) with
 * trial 36's, 25 of 34 as on the day (written at 080a377); 0.952 (1256 of 1320) once trial 36's were mended (33 of 34
 * read; the last tells "willing to wait" with no length, which reads since 419ef51); 0.949 (1292 of 1362) with trial
 * 37's, 36 of 42 as on the day (written as guide pages at 2612465; its writer's one draft untrue on this engine, a
 * work that starts a second after its grant, kept uncounted); 0.952 (1296 of 1361) once trial 37's were mended in part
 * (39 of 42 read; one trial 33 draft, "full again" after a place handed straight on, is uncounted as untrue since
 * attack 24); 0.951 (1326 of 1394) with trial 38's, 29 of 33 as on the day (written as pages at 9926fc9; one draft my
 * story made untrue, an equal fence taken, kept uncounted), then 30 of 33 with "both try for it", 31 with "with 2 s of its wait to spare" (1327 of 1394); s54 (works until, so nothing renews, wakes before its first renewal,
 * long before its lease would run out) read 1330 before trial 39's, 37 of 41 as on the day (written as pages at c5cf1f1; one draft
 * my story made untrue, a work starting a second after its grant, kept uncounted), then 39 of 41 once mended; trial 40's, 29 of 38 as on the day (written as pages at efd90ce8), 1407 of 1473 before s55; 1408 once what a worker does not know of
 * its lost lease reads (`unaware-of-loss`): of the six such drafts, trial 33's "still believing it holds the key" (a lease that ran out
 * in a pause, of which nothing told it) reads; the five of an operator's end (trials 10, 17, 23, 31, 37) were refused, an operator's
 * end counted as telling the holder; 1413 once the meaning is what the worker's code learned (s55-w12): an operator's end tells the
 * code no more than a lease that ran out (its signal aborts, `lost` reads true), so the drafts of trials 10, 17, 23 and 31, whose
 * samples read nothing of the lease but its fence, read; trial 37's stays refused, its sample giving the lease to `work`, whose
 * reading of it the run cannot tell; trial 41's, 39 of 43 as on the day (written as pages at 32a33b63, after wordings
 * I met while checking its stories as scenes had been mended), 43 of 43 once mended; trial 42's, 35 of 36 as on the day
 * (written as pages at 21a75143, its stories checked as scenes first and nothing mended for them; one draft, its writer's slip, kept uncounted), 36 of 36 once its one refusal was mended (s55-w16);
 * trial 43's, 38 of 44 as on the day (written as pages at 65e2847a, its stories checked as scenes first and nothing mended for them), 1531 of 1596; 1540 once s56 mended
 * them (44 of 44) and 'its fence' after a database's clause reads (3 older drafts);
 * trial 44's, 32 of 40 as on the day (written as pages at 65acabed, its stories checked as scenes first and nothing mended
 * for them), 38 of 40 once s56 and s57 mended six of its eight (one of the two left, "renews its lease by hand, but the lock
 * says the lease is lost", is refused by design); trial 45's, 39 of 43 as on the day (written as pages at
 * fc37248b, its stories checked as scenes first and nothing mended for them; its 02's scene id takes a word of its page's
 * heading, "deadline", which a .scene has not: kept as "wait-timeout"). The floor is 0.94.
 */
const FLOOR = 0.94

describe('the corpus of natural captions', () => {
	const files = corpusFiles()
	it('has at least 200 captions, in at least 8 stories', () => {
		expect(files.length).toBeGreaterThanOrEqual(8)
		expect(files.reduce((n, f) => n + f.captions.length, 0)).toBeGreaterThanOrEqual(200)
	})

	it('reads at first contact at least as often as it did when measured', async () => {
		const results: CorpusResult[] = []
		for (const { file, text, captions } of files) {
			const own = await compileScene(text, { file }, openNodeDriver)
			expect(own.diagnostics.map(d => `${file}:${d.line}:${d.column}: ${d.message}`), `${file} as written`).toEqual([])
			for (const caption of captions) results.push(await tryCaption(text, caption))
		}
		const read = results.filter(r => r.errors.length === 0).length
		const refused = results.filter(r => r.errors.length > 0)
		console.log(`corpus: ${read} of ${results.length} captions read at first contact (${((100 * read) / results.length).toFixed(1)}%)`)
		for (const r of refused) console.log(`  refused ${r.file} step ${r.step}: "${r.caption}"\n    ${r.errors.join('\n    ')}`)
		expect(read / results.length).toBeGreaterThanOrEqual(FLOOR)
	}, 600_000)
})
