/** `domain jobs`: the story's world, whose database and code sample's names the scene uses (`chat` unless given). */
import type { Setting } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, type Scope, attributesOf, expected, finish, position } from '../cursor.ts'
import { clip } from '../wording.ts'
import { givenBefore } from './setting.ts'

export const domain: StatementConstruct<Setting> = {
	name: 'domain',
	where: 'top',
	attributes: [],
	takesActors: false,
	example: 'domain jobs',
	parse(scope, c) {
		attributesOf(scope, c)
		const at = position(scope, c, c.verb)
		if (givenBefore(scope, c, 'domain')) return undefined
		const value = domainName(scope, c)
		if (value === undefined) return undefined
		finish(scope, c)
		return { kind: 'domain', value, position: at }
	},
	add: (scene, node) => scene.settings.push(node),
}

/** A domain's name: one lowercase word (which names exist is the simulation's to say). */
function domainName(scope: Scope, c: Cursor): string | undefined {
	const token = c.peek()
	if (token === undefined) return expected(scope, c, 'expected the domain\'s name, like domain jobs')
	if (token.kind === 'string') return expected(scope, c, 'write the domain\'s name without quotes, like domain jobs')
	c.take()
	if (!/^[a-z]+$/.test(token.text)) {
		scope.report.token(c.line, token, `a domain's name is one lowercase word, like domain jobs; not "${clip(token.text)}"`)
		return undefined
	}
	return token.text
}
