/** `wait DURATION`: simulated time runs on. */
import type { Wait } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { attributesOf, duration, finish, position } from '../cursor.ts'

export const wait: StatementConstruct<Wait> = {
	name: 'wait',
	where: 'step',
	attributes: [],
	takesActors: false,
	example: 'wait 40s',
	parse(scope, c) {
		attributesOf(scope, c)
		const ms = duration(scope, c, 'expected a duration, like wait 40s')
		if (ms === undefined) return undefined
		finish(scope, c)
		return { kind: 'wait', ms, position: position(scope, c, c.verb) }
	},
	add: (_scene, node, step) => step?.statements.push(node),
}
