/** What the scene's settings share: each is given at most once, before the first step. */
import type { Setting } from '../ast.ts'
import type { Cursor, Scope } from '../cursor.ts'

/** Whether the setting was given before; reports it if so. */
export function givenBefore(scope: Scope, c: Cursor, kind: Setting['kind']): boolean {
	const first = scope.scene.settings.find(other => other.kind === kind)
	if (first === undefined) return false
	scope.report.token(c.line, c.verb, `${kind} is already set at line ${first.position.line}; a scene has one ${kind}`)
	return true
}
