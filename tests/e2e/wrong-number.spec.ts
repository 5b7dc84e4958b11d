// Proof that the verification can fail: a copy of the Fences page whose scene says a wrong
// fence fails the build with the place and the engine's value; built with scene errors let
// through (as the dev server shows them), its scene test fails the same way.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { builtPages } from './built-site.ts'
import { checkScene } from './scene-check.ts'
import { serveFolder } from './static-server.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const PAGE = 'content/guides/locks/fences.mdx'
const COPIED = ['astro.config.mjs', 'package.json', 'tsconfig.json', 'content', 'engine', 'scene-parser', 'src', 'public']

test.describe.configure({ mode: 'serial', timeout: 180_000 })

let copy = ''
let where = ''

test.beforeAll(() => {
	// Inside the project, so the copy finds the project's node_modules as Node does, without a link.
	mkdirSync(join(ROOT, 'test-results'), { recursive: true })
	copy = mkdtempSync(join(ROOT, 'test-results', 'wrong-fence-'))
	for (const entry of COPIED.filter(e => existsSync(join(ROOT, e)))) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true })
	const text = readFileSync(join(copy, PAGE), 'utf8')
	const lines = text.split('\n')
	const index = lines.findIndex(line => line.includes('send lock -> b "fence 8"'))
	expect(index, 'the Fences page has the seed\'s scene').toBeGreaterThanOrEqual(0)
	lines[index] = lines[index]!.replace('"fence 8"', '"fence 9"')
	where = `${PAGE}:${index + 1}:${lines[index]!.indexOf('9"') + 1}`
	writeFileSync(join(copy, PAGE), lines.join('\n'))
})

test.afterAll(() => {
	if (copy) rmSync(copy, { recursive: true, force: true })
})

function build(env: Record<string, string> = {}) {
	return spawnSync('npx', ['astro', 'build'], {
		cwd: copy,
		encoding: 'utf8',
		env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
	})
}

test('the build fails on the wrong fence, naming the place and the engine\'s value', () => {
	const result = build()
	expect(result.status).not.toBe(0)
	expect(`${result.stdout}\n${result.stderr}`).toContain(`${where}: expected fence 9, the engine gave 8`)
})

test('its scene test fails with the line and the engine\'s value', async ({ page }) => {
	const result = build({ SCENES_ERRORS: 'show' })
	expect(result.status, result.stderr).toBe(0)
	const built = builtPages(join(copy, 'dist')).find(p => p.path === '/guides/locks/fences/')
	const sceneId = built?.scenes[0]
	expect(sceneId, 'the copy has the Fences page and its scene').toBeDefined()
	const site = await serveFolder(join(copy, 'dist'))
	try {
		const failure = await checkScene(page, `${site.url}/guides/locks/fences/`, sceneId!).then(
			() => undefined,
			(error: unknown) => error,
		)
		expect(failure, 'the scene test must fail').toBeInstanceOf(Error)
		expect((failure as Error).message).toContain(`${where}: expected fence 9, the engine gave 8`)
		// The author sees the same message in the page.
		await expect(page.locator(`figure.scene[data-scene-id="${sceneId}"] .scene-error`)).toContainText(`${where}: expected fence 9, the engine gave 8`)
	} finally {
		await site.close()
	}
})
