// The claims' own fixtures: lies of the forms' meanings (tests/unit/claims/fixtures/lies), each
// failing at its lie with the errors its `# expect:` lines pin.
import { describe, expect, it } from 'vitest'
import { diagnose, expected, sceneFixtures } from './scene-fixtures.ts'

describe("lies of the forms' meanings fail at their lie, and only there", () => {
	for (const { name, text } of sceneFixtures('claims/fixtures/lies')) {
		it(name, async () => expect(await diagnose(text)).toEqual(expected(text)))
	}
})
