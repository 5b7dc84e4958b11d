/** `link ID ID`: a line drawn between two actors, which messages travel along. */
import type { Link } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, type Scope, attributesOf, finish, position, ref } from '../cursor.ts'
import { clip } from '../wording.ts'

function parse(scope: Scope, c: Cursor): Link | undefined {
	attributesOf(scope, c)
	const message = 'expected two actor ids, like link a lock'
	const from = ref(scope, c, message)
	if (from === undefined) return undefined
	const to = ref(scope, c, message)
	if (to === undefined) return undefined
	finish(scope, c)
	const at = position(scope, c, c.verb)
	if (from.id === to.id) {
		scope.report.point(to.position, `an actor cannot be linked to itself ("${clip(to.id)}")`)
		return undefined
	}
	const pair = [from.id, to.id].sort().join(' ')
	const first = scope.linked.get(pair)
	if (first !== undefined) {
		scope.report.point(at, `${clip(from.id)} and ${clip(to.id)} are already linked at line ${first.line}`)
		return undefined
	}
	scope.linked.set(pair, at)
	return { from, to, position: at }
}


export const link: StatementConstruct<Link> = {
	name: 'link',
	where: 'top',
	attributes: [],
	takesActors: true,
	example: 'link a lock',
	parse,
	add: (scene, node) => scene.links.push(node),
}
