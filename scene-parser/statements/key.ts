/** `key "42"`: the key the scene's workers hold, and the database's row (`"chat"` unless given). */
import type { Setting } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { attributesOf, finish, position, text } from '../cursor.ts'
import { givenBefore } from './setting.ts'

export const key: StatementConstruct<Setting> = {
	name: 'key',
	where: 'top',
	attributes: [],
	takesActors: false,
	example: 'key "42"',
	parse(scope, c) {
		attributesOf(scope, c)
		const at = position(scope, c, c.verb)
		if (givenBefore(scope, c, 'key')) return undefined
		const value = text(scope, c, 'expected the key in quotes, like key "42"')
		if (value === undefined) return undefined
		finish(scope, c)
		return { kind: 'key', value, position: at }
	},
	add: (scene, node) => scene.settings.push(node),
}
