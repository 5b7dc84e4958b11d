// A refused id's error offers ids built from the scene's run: "did you mean: X?" (its fix writes X in the id's
// place) and 'Y names what this scene shows too'. Each offer of every lying fixture is pasted in as the scene's
// id, and the scene compiled again: the id then stands (no error on its line), so no offer is itself refused.
import { describe, expect, it } from 'vitest'
import { compileFixture, expected, lyingFixtures } from '../claims/scene-fixtures.ts'

/** The ids an id's error offers: its "did you mean" and the one it names besides. */
function offersOf(message: string): string[] {
	const offered = / did you mean: "([^"]+)"\?$/.exec(message)?.[1]
	const besides = /; "([^"]+)" names what this scene shows too;/.exec(message)?.[1]
	return [offered, besides].filter((offer): offer is string => offer !== undefined)
}

/** The scene with its id line's id replaced. */
function withId(text: string, id: string): string {
	return text.replace(/^id [a-z0-9-]+$/m, `id ${id}`)
}

const ID_ERROR = /^(?:a scene's id shows in every link|the scene's id says)/

const cases = lyingFixtures().flatMap(fixture => {
	const idLine = fixture.text.split('\n').findIndex(line => /^id /.test(line)) + 1
	if (idLine === 0) return []
	const errors = expected(fixture.text)
		.map(line => /^(\d+):(\d+): (.*)$/.exec(line))
		.filter(match => match !== null && Number(match[1]) === idLine && ID_ERROR.test(match[3] as string))
	return errors.map(match => ({ ...fixture, idLine, message: (match as RegExpExecArray)[3] as string }))
})

describe("a refused id's offers stand when pasted in", () => {
	it('finds id errors with offers, the trial 33 and 34 ids among them', () => {
		expect(cases.filter(one => offersOf(one.message).length > 0).length).toBeGreaterThanOrEqual(20)
		// Trial 33's back-for-more, knocking, two-places, patient-and-impatient, kept-alive and no-fences now read (true/t33-id-*); their lies are s52's.
		for (const name of ['t33-id-two-chats', 'id/s52-id-three-in-line-two-at-most', 'id/s52-id-three-places-of-two', 'id/s52-id-no-renewals-renewed', 'id/s52-id-patient-waiter-gave-up', 'id/s52-id-knocking-two-workers-once-each', 'id/s52-id-lucky-try-turned-away']) {
			const one = cases.find(each => each.name === `${name}.scene`)
			expect(one, name).toBeDefined()
			expect(offersOf(one!.message), name).toHaveLength(2)
		}
	})

	it('says where the whole lexicon is listed', () => {
		for (const one of cases.filter(each => each.message.startsWith("a scene's id shows"))) expect(one.message).toContain("the authors' Vocabulary page (content/authors/vocabulary.md) lists the whole id lexicon, as does npm run scenes -- forms")
	})

	for (const one of cases) {
		for (const offer of offersOf(one.message)) {
			it(`${one.folder}/${one.name}: ${offer}`, async () => {
				const frames = await compileFixture(withId(one.text, offer), { offers: false })
				const onId = frames.diagnostics.filter(d => d.line === one.idLine).map(d => `${d.line}:${d.column}: ${d.message}`)
				expect(onId).toEqual([])
			}, 60_000)
		}
	}
})
