/**
 * The scene fixtures the claim tests run: lying scenes, each pinned to the errors it must give by
 * its `# expect: LINE:COL: message` lines, in the scenes' folder (`tests/unit/scenes/fixtures/lies`)
 * and in this one's (`tests/unit/claims/fixtures/lies`, the lies of the claims' meanings), and the
 * true ones beside them. A fixture is run as the CLI runs a `.scene` file, named `f.scene`.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'

/** A fixture: the folder it is in (relative to tests/unit), its name and its text. */
export interface SceneFixture {
	folder: string
	name: string
	text: string
}

const UNIT = new URL('../', import.meta.url)

/** The `.scene` files of a folder under tests/unit and its subfolders, by name ('caption/NAME.scene' in a subfolder). */
export function sceneFixtures(folder: string): SceneFixture[] {
	const url = new URL(`${folder}/`, UNIT)
	return readdirSync(url, { recursive: true, encoding: 'utf8' })
		.filter(name => name.endsWith('.scene'))
		.sort()
		.map(name => ({ folder, name, text: readFileSync(new URL(name, url), 'utf8') }))
}

/** Every lying fixture: the scenes' and the claims'. */
export function lyingFixtures(): SceneFixture[] {
	return [...sceneFixtures('scenes/fixtures/lies'), ...sceneFixtures('claims/fixtures/lies')]
}

/** Every true fixture: the scenes' and the claims'. */
export function trueFixtures(): SceneFixture[] {
	return [...sceneFixtures('scenes/fixtures/true'), ...sceneFixtures('claims/fixtures/true')]
}

export async function compileFixture(text: string, options: { offers?: false } = {}): Promise<SceneFrames> {
	return compileScene(text, { file: 'f.scene' }, openNodeDriver, options)
}

/** A scene's errors as its fixture pins them: `LINE:COL: message`; with `offers: false`, without their "did you mean". */
export async function diagnose(text: string, options: { offers?: false } = {}): Promise<string[]> {
	return (await compileFixture(text, options)).diagnostics.map(d => `${d.line}:${d.column}: ${d.message}`)
}

/** The errors a lying fixture must give: its `# expect:` lines. */
export function expected(text: string): string[] {
	const lines = text.split('\n').filter(l => l.startsWith('# expect: '))
	if (lines.length === 0) throw new Error('a lying fixture needs a "# expect: LINE:COL: message" line')
	return lines.map(line => line.slice('# expect: '.length))
}
