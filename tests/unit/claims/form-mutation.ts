/**
 * The mutation test of the claim forms: each form's check, made to always hold, must let some
 * lying fixture's lie through (an error the fixture gives goes missing). A form no fixture pins so
 * is a form whose check no test can fail.
 *
 * Made fast by what the forms did on the unmutated run: a check made to hold changes a run only
 * where it did not hold, so for each form only the fixtures in which its check refused something
 * are run again with it mutated, those where it refused the most first, and the first that loses
 * an error pins it. Errors are compared without their "did you mean" offers: a mutation pins a form
 * only where an error goes, not where the nearest true sentence changes (and offers are most of a
 * lying fixture's time).
 */
import { FORMS } from '../../../src/scenes/claims/index.ts'
import type { ClaimForm } from '../../../src/scenes/claims/index.ts'
import { diagnose, type SceneFixture } from './scene-fixtures.ts'

/** What one fixture's unmutated run gave, and which forms refused something in it (how many times). */
export interface FixtureRun {
	fixture: SceneFixture
	errors: string[]
	read: Set<string>
	refused: Map<string, number>
}

/** How each form fared: the fixture that pins it, or none. */
export interface MutationResult {
	runs: FixtureRun[]
	pinnedBy: Map<string, string>
	unpinned: string[]
	/** Forms no fixture's text reads at all. */
	unread: string[]
}

type Check = ClaimForm['check']

/** Runs `body` with every form's check wrapped by `wrap` (given the form and its own check), and puts them back after. */
async function withChecks<T>(wrap: (form: ClaimForm, check: Check) => Check, body: () => Promise<T>): Promise<T> {
	const own = new Map(FORMS.map(form => [form, form.check]))
	for (const form of FORMS) (form as { check: Check }).check = wrap(form, own.get(form) as Check)
	try {
		return await body()
	} finally {
		for (const form of FORMS) (form as { check: Check }).check = own.get(form) as Check
	}
}

/** Runs every fixture once as it is, noting the forms each read and the ones that refused in it. */
export async function runFixtures(fixtures: readonly SceneFixture[]): Promise<FixtureRun[]> {
	const runs: FixtureRun[] = []
	let current: FixtureRun | undefined
	await withChecks(
		(form, check) => (slots, context) => {
			const verdict = check(slots, context)
			if (current) {
				current.read.add(form.id)
				if (!verdict.ok) current.refused.set(form.id, (current.refused.get(form.id) ?? 0) + 1)
			}
			return verdict
		},
		async () => {
			for (const fixture of fixtures) {
				current = { fixture, errors: [], read: new Set(), refused: new Map() }
				current.errors = await diagnose(fixture.text, { offers: false })
				runs.push(current)
			}
			current = undefined
		},
	)
	return runs
}

/** The request a form's words make, when they make the worker ask for the key. */
function asking(form: ClaimForm): 'hold' | 'try' | undefined {
	const intent = form.intent
	return intent && 'request' in intent && (intent.request === 'hold' || intent.request === 'try') && intent.waitSlot === undefined ? intent.request : undefined
}

/** Runs `body` with a request form's words taken as the other request (a hold as a try, a try as a hold). */
async function withRequestTurned<T>(form: ClaimForm, body: () => Promise<T>): Promise<T> {
	const own = form.intent
	const request = asking(form)
	;(form as { intent?: ClaimForm['intent'] }).intent = { request: request === 'hold' ? 'try' : 'hold' }
	try {
		return await body()
	} finally {
		;(form as { intent?: ClaimForm['intent'] }).intent = own
	}
}

/** Whether a fixture, with `form`'s check made to hold (or a request's words turned), loses an error it gave. */
export async function losesAnError(run: FixtureRun, form: ClaimForm): Promise<boolean> {
	const mutated = () =>
		withChecks(
			(each, check) => (each !== form ? check : (slots, context) => {
				const verdict = check(slots, context)
				return verdict.ok ? verdict : { ok: true, evidence: [] }
			}),
			() => diagnose(run.fixture.text, { offers: false }),
		)
	const errors = asking(form) === undefined ? await mutated() : await withRequestTurned(form, mutated)
	return run.errors.some(error => !errors.includes(error))
}

/** The mutation test over a set of fixtures. */
export async function mutateForms(fixtures: readonly SceneFixture[]): Promise<MutationResult> {
	const runs = await runFixtures(fixtures)
	const pinnedBy = new Map<string, string>()
	const unpinned: string[] = []
	for (const form of FORMS) {
		// A check made to hold changes only the runs where it refused; a request's words turned, any that reads them.
		const candidates = runs.filter(run => (asking(form) === undefined ? run.refused.has(form.id) : run.read.has(form.id) && run.errors.length > 0)).sort((a, b) => (b.refused.get(form.id) ?? 0) - (a.refused.get(form.id) ?? 0))
		let pin: string | undefined
		for (const run of candidates) {
			if (await losesAnError(run, form)) {
				pin = `${run.fixture.folder}/${run.fixture.name}`
				break
			}
		}
		if (pin === undefined) unpinned.push(form.id)
		else pinnedBy.set(form.id, pin)
	}
	const unread = FORMS.filter(form => !runs.some(run => run.read.has(form.id))).map(form => form.id)
	return { runs, pinnedBy, unpinned, unread }
}
