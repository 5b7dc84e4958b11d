/** `strike ID "text"`: strikes out the actor's state label, which must be that text. */
import type { Strike } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { label } from './label.ts'

export const strike: StatementConstruct<Strike> = {
	name: 'strike',
	where: 'both',
	attributes: [],
	takesActors: true,
	example: 'strike a "paused"',
	parse: label('strike', 'strike a "paused"'),
	add: (scene, node, step) => (step ? step.statements.push(node) : scene.initial.push(node)),
}
