/** `ttl DURATION`: how long a worker's lease lasts in this scene (30 s unless given). */
import type { Setting } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { attributesOf, duration, finish, position } from '../cursor.ts'
import { givenBefore } from './setting.ts'

export const ttl: StatementConstruct<Setting> = {
	name: 'ttl',
	where: 'top',
	attributes: [],
	takesActors: false,
	example: 'ttl 10s',
	parse(scope, c) {
		attributesOf(scope, c)
		const at = position(scope, c, c.verb)
		if (givenBefore(scope, c, 'ttl')) return undefined
		const ms = duration(scope, c, 'expected a duration, like ttl 10s')
		if (ms === undefined) return undefined
		finish(scope, c)
		return { kind: 'ttl', ms, position: at }
	},
	add: (scene, node) => scene.settings.push(node),
}
