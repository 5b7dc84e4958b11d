/** `id NAME`: the scene's name in its page, which links to its steps are made of (`#NAME-step-2`). */
import type { Setting } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, type Scope, attributesOf, expected, finish, position } from '../cursor.ts'
import { clip } from '../wording.ts'
import { givenBefore } from './setting.ts'

export const id: StatementConstruct<Setting> = {
	name: 'id',
	where: 'top',
	attributes: [],
	takesActors: false,
	example: 'id fences-late-write',
	parse(scope, c) {
		attributesOf(scope, c)
		const at = position(scope, c, c.verb)
		if (givenBefore(scope, c, 'id')) return undefined
		const token = c.peek()
		const valueAt = token === undefined ? undefined : position(scope, c, token)
		const value = sceneId(scope, c)
		if (value === undefined) return undefined
		finish(scope, c)
		return { kind: 'id', value, position: at, ...(valueAt === undefined ? {} : { valueAt }) }
	},
	add: (scene, node) => scene.settings.push(node),
}

const SCENE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const SCENE_ID_EXAMPLE = 'like id fences-late-write'

/** A scene's id: a name for the page's address (`#NAME-step-2`), so lowercase words joined by hyphens. */
function sceneId(scope: Scope, c: Cursor): string | undefined {
	const token = c.peek()
	if (token === undefined) return expected(scope, c, `expected the scene's id, ${SCENE_ID_EXAMPLE}`)
	if (token.kind === 'string') return expected(scope, c, `write the scene's id without quotes, ${SCENE_ID_EXAMPLE}`)
	c.take()
	const name = token.text
	if (!SCENE_ID.test(name)) {
		scope.report.token(c.line, token, `a scene's id is lowercase letters and digits in words joined by single hyphens, starting with a letter, ${SCENE_ID_EXAMPLE}; not "${clip(name)}"`)
		return undefined
	}
	// Positional ids and step suffixes are what links to steps are made of; either would make a link ambiguous.
	if (/^scene-\d+$/.test(name)) {
		scope.report.token(c.line, token, `"${name}" is the name a scene gets from its place in the page; choose a name of its own, ${SCENE_ID_EXAMPLE}`)
		return undefined
	}
	if (/-step-\d+$/.test(name)) {
		scope.report.token(c.line, token, `a scene's id cannot end in -step-N, which links to a step add; not "${clip(name)}"`)
		return undefined
	}
	return name
}
