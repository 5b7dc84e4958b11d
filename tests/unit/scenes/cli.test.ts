import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SceneFrames } from '../../../src/scenes/frame.ts'

const ROOT = new URL('../../../', import.meta.url).pathname
const FIXTURES = 'tests/unit/scenes/fixtures'
const HAZARDS = 'tests/unit/scenes/hazards'

function scenes(...args: string[]) {
	return scenesWith({}, ...args)
}

/** The CLI run with these variables added to the environment. */
function scenesWith(env: Record<string, string>, ...args: string[]) {
	const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/scenes.ts', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } })
	return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('npm run scenes -- check', () => {
	it('says ok for a good scene file and the seed page, and exits 0', () => {
		const result = scenes('check', `${FIXTURES}/ok.scene`, 'tests/unit/parser/fixtures/fences.md')
		expect(result.stdout).toBe(`ok ${FIXTURES}/ok.scene:1\nok tests/unit/parser/fixtures/fences.md:9\n`)
		expect(result.stderr).toContain('2 passed, 0 failed')
		expect(result.status).toBe(0)
	})

	it('prints FILE:LINE:COL: error: MESSAGE for a wrong number, and exits 1', () => {
		const result = scenes('check', `${FIXTURES}/ok.scene`, `${FIXTURES}/wrong-fence.mdx`)
		expect(result.stderr).toContain(`${FIXTURES}/wrong-fence.mdx:14:25: error: expected fence 9, the engine gave 8`)
		expect(result.stdout).toContain(`ok ${FIXTURES}/ok.scene:1`)
		expect(result.status).toBe(1)
	})

	it('checks every file it was given, past a lie that once hung and a file that cannot be read, and exits 1', () => {
		const result = scenes('check', `${FIXTURES}/lies/arrow/lock-says-busy-when-the-key-is-free.scene`, `${FIXTURES}/missing.scene`, `${FIXTURES}/ok.scene`)
		expect(result.stderr).toContain(`${FIXTURES}/lies/arrow/lock-says-busy-when-the-key-is-free.scene:10:19: error: the label says so, but the engine gave Worker A fence 1`)
		expect(result.stderr).toContain(`${FIXTURES}/missing.scene: error: cannot read it`)
		expect(result.stdout).toContain(`ok ${FIXTURES}/ok.scene:1`)
		expect(result.stderr).toContain('1 passed, 2 failed')
		expect(result.status).toBe(1)
	})

	it('tells a scene whose code never stops at its first line, within --timeout, and checks the files after it', () => {
		const result = scenes('check', '--timeout', '3s', `${HAZARDS}/thenable-loop.scene`, `${FIXTURES}/ok.scene`)
		expect(result.stderr).toContain(`${HAZARDS}/thenable-loop.scene:1:1: error: checking this scene ran over 3 s: its code sample never stops?`)
		expect(result.stdout).toBe(`ok ${FIXTURES}/ok.scene:1\n`)
		expect(result.stderr).toContain('1 passed, 1 failed')
		expect(result.status).toBe(1)
	})

	it('takes its limits from the environment, and refuses one it cannot read as a usage error', () => {
		const heap = scenesWith({ SCENES_CHECK_MEMORY: '96' }, 'check', `${HAZARDS}/heap.scene`, `${FIXTURES}/ok.scene`)
		expect(heap.stderr).toContain(`${HAZARDS}/heap.scene:1:1: error: the code sample used more than 96 MB of memory`)
		expect(heap.stdout).toBe(`ok ${FIXTURES}/ok.scene:1\n`)
		const bad = scenes('check', '--memory', 'lots', `${FIXTURES}/ok.scene`)
		expect(bad.status).toBe(2)
		expect(bad.stderr).toContain('scenes: --memory is "lots"; it takes a whole number of MB')
	})

	it('--json prints the frames', () => {
		const result = scenes('check', '--json', `${FIXTURES}/ok.scene`)
		const [scene] = JSON.parse(result.stdout) as { frames: SceneFrames }[]
		const step = scene!.frames.frames[1]!
		expect(step.messages[0]!.outcome).toEqual({ kind: 'granted', fence: '1', holders: 1, limit: 1 })
		expect(step.actors.find(actor => actor.id === 'lock')!.holders).toEqual(['a'])
		expect(step.checks.map(check => check.form)).toEqual(['answer-fence', 'holds-with-fence'])
		expect(result.status).toBe(0)
	})

	it('explains its usage on a bad command', () => {
		const result = scenes('chekc')
		expect(result.status).toBe(2)
		expect(result.stderr).toContain('unknown command "chekc"')
		expect(result.stderr).toContain('usage:')
	})

	it('explains its usage on an option it does not know', () => {
		const result = scenes('check', '--jsn', `${FIXTURES}/ok.scene`)
		expect(result.status).toBe(2)
		expect(result.stderr).toContain("Unknown option '--jsn'")
		expect(result.stderr).toContain('usage:')
	})
})

describe('npm run scenes -- render', () => {
	it('writes one SVG per step', () => {
		const out = mkdtempSync(join(tmpdir(), 'scenes-render-'))
		const result = scenes('render', 'tests/unit/parser/fixtures/fences.md', '--out', out)
		expect(result.status).toBe(0)
		expect(readdirSync(out).sort()).toEqual(['fences-1-step-0.svg', 'fences-1-step-1.svg', 'fences-1-step-2.svg', 'fences-1-step-3.svg'])
		expect(readFileSync(join(out, 'fences-1-step-3.svg'), 'utf8')).toContain('refused: 7 &lt; 8')
	})
})

describe('npm run scenes -- forms', () => {
	it('--write keeps content/authors/vocabulary.md, the Vocabulary page a writer reads in the source, as the checker\'s lists are', async () => {
		const { readFileSync } = await import('node:fs')
		const { VOCABULARY_COMMAND, VOCABULARY_PAGE, vocabularyPage } = await import('../../../src/cli/vocabulary-page.ts')
		const written = readFileSync(new URL(`../../../${VOCABULARY_PAGE}`, import.meta.url), 'utf8')
		expect(written === vocabularyPage(), `${VOCABULARY_PAGE} is out of date: run ${VOCABULARY_COMMAND} and commit it`).toBe(true)
	})

	it('the Vocabulary page lists every id word, every neutral word and every form\'s pattern and example', async () => {
		const { FORMS, NEUTRAL_WORDS, idWords, inWords } = await import('../../../src/scenes/claims/index.ts')
		const { CHAT_DOMAIN } = await import('../../../src/seed/chat-domain.ts')
		const { vocabularyPage } = await import('../../../src/cli/vocabulary-page.ts')
		const page = vocabularyPage()
		const md = (text: string) => text.replace(/[\\`*_[\]<>#&|~]/g, '\\$&')
		for (const word of [...idWords(), ...NEUTRAL_WORDS]) expect(page).toContain(`\`${word}\``)
		for (const form of FORMS) {
			expect(page).toContain(`- ${md(inWords(form.pattern, CHAT_DOMAIN.words))}\n  (${form.id};`)
			expect(page).toContain(`E.g. “${md(inWords(form.example, CHAT_DOMAIN.words))}”.`)
		}
	})

	it('prints every form of the registry with its meaning and example, its other wordings, the id words, the prelude names and the neutral words', async () => {
		const { FORMS, NEUTRAL_WORDS, idWords, inWords } = await import('../../../src/scenes/claims/index.ts')
		const { CHAT_DOMAIN } = await import('../../../src/seed/chat-domain.ts')
		const result = scenes('forms')
		expect(result.status).toBe(0)
		for (const form of FORMS) {
			expect(result.stdout).toContain(`${inWords(form.pattern, CHAT_DOMAIN.words)}    [${form.id};`)
			expect(result.stdout).toContain(`  means: ${form.meaning}`)
			for (const other of form.alternatives ?? []) expect(result.stdout).toContain(`  or: ${inWords(other, CHAT_DOMAIN.words)}`)
		}
		for (const word of [...idWords(), ...NEUTRAL_WORDS]) expect(result.stdout).toContain(word)
		expect(result.stdout).toContain("## words of a scene's id")
		// The prelude's names, which the authors page lists only once built.
		const { DOMAINS } = await import('../../../src/seed/domains.ts')
		for (const domain of DOMAINS.values()) for (const [name, what] of Object.entries(domain.names)) expect(result.stdout).toContain(`${name}    ${what}`)
		expect(result.stdout).toContain("## JavaScript's own names a sample may use")
	})
})

describe('npm run scenes -- suggest', () => {
	it('prints, for each step, the true captions grouped by what they tell', () => {
		const result = scenes('suggest', `${FIXTURES}/ok.scene`)
		expect(result.status).toBe(0)
		expect(result.stdout).toContain(`${FIXTURES}/ok.scene:1\n  step 1: "`)
		expect(result.stdout).toMatch(/\n {4}holding a key:\n {6}Worker A holds the key with fence \d+\.\n/)
	})

	it('needs a path', () => {
		expect(scenes('suggest').status).toBe(2)
	})
})
