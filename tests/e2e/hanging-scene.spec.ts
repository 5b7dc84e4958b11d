// Proof that a scene whose code never stops cannot hang the build: a copy of the Fences page whose
// first scene's sample is a thenable loop of builtins (no statement of it runs, so no statement
// budget counts it) fails the build at the scene's first line once its check runs over the limit,
// and the build ends rather than waiting for it.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const ROOT = new URL('../../', import.meta.url).pathname
const PAGE = 'content/guides/locks/fences.mdx'
const COPIED = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'content', 'engine', 'scene-parser', 'src', 'public']
const SAMPLE = '  await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))'
const LOOP = ['  const loop = {}', '  loop.then = Array.prototype.forEach.bind([loop])', '  await loop']
/** Longer than a busy machine takes to check any true scene, far shorter than the build's bound. */
const LIMIT = '10s'

test.describe.configure({ timeout: 300_000 })

let copy = ''

test.afterAll(() => {
	if (copy) rmSync(copy, { recursive: true, force: true })
})

test('the build fails at a scene whose code never stops, saying so, and ends', () => {
	// Inside the project, so the copy finds the project's node_modules as Node does, without a link.
	mkdirSync(join(ROOT, 'test-results'), { recursive: true })
	copy = mkdtempSync(join(ROOT, 'test-results', 'hanging-scene-'))
	for (const entry of COPIED.filter(e => existsSync(join(ROOT, e)))) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true })
	const lines = readFileSync(join(copy, PAGE), 'utf8').split('\n')
	const at = lines.indexOf(SAMPLE)
	expect(at, "the Fences page has the seed's sample").toBeGreaterThan(0)
	expect(lines[at - 1], 'the sample opens its scene').toBe('code ts')
	lines.splice(at, 1, ...LOOP)
	writeFileSync(join(copy, PAGE), lines.join('\n'))

	const result = spawnSync('npx', ['astro', 'build'], {
		cwd: copy,
		encoding: 'utf8',
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SCENES_CHECK_TIMEOUT: LIMIT },
		// A build that waited on the scene for ever would be stopped here, and the test fail on it.
		timeout: 240_000,
	})
	expect(result.error, 'the build ended by itself').toBeUndefined()
	expect(result.status).not.toBe(0)
	expect(`${result.stdout}\n${result.stderr}`).toContain(
		`${PAGE}:${at}:1: checking this scene ran over 10 s: its code sample never stops? (a loop of builtins, a huge number, a query that never ends)`,
	)
})
