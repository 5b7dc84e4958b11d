/** What `set` and `strike` share: an actor's id and a text, `set ID "text"` or `strike ID "text"`. */
import type { SetState, Strike } from '../ast.ts'
import { type Cursor, type Scope, attributesOf, finish, position, ref, text } from '../cursor.ts'

/** Reads `VERB ID "text"` into a `set` or a `strike`. */
export function label<K extends 'set' | 'strike'>(kind: K, example: string) {
	return (scope: Scope, c: Cursor): (K extends 'set' ? SetState : Strike) | undefined => {
		attributesOf(scope, c)
		const actor = ref(scope, c, `expected an actor's id, like ${example}`)
		if (actor === undefined) return undefined
		const value = text(scope, c, `expected the text in quotes, like ${example}`)
		if (value === undefined) return undefined
		finish(scope, c)
		return { kind, actor, text: value, position: position(scope, c, c.verb) } as K extends 'set' ? SetState : Strike
	}
}
