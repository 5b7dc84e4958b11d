/** What `release`, `end`, `restart`, `backup` and `restore` share: a verb and one actor's id. */
import type { ActorVerb } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { attributesOf, finish, position, ref } from '../cursor.ts'

/** A statement that does something to one actor: `VERB ID`. */
export function actorVerb(kind: ActorVerb['kind'], example: string): StatementConstruct<ActorVerb> {
	return {
		name: kind,
		where: 'step',
		attributes: [],
		takesActors: true,
		example,
		parse(scope, c) {
			attributesOf(scope, c)
			const actor = ref(scope, c, `expected an actor's id, like ${example}`)
			if (actor === undefined) return undefined
			finish(scope, c)
			return { kind, actor, position: position(scope, c, c.verb) }
		},
		add: (_scene, node, step) => step?.statements.push(node),
	}
}
