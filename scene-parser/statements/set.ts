/** `set ID "text"`: an actor's state label; before the first step its initial state, in a step what it becomes. */
import type { SetState } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import { label } from './label.ts'

export const set: StatementConstruct<SetState> = {
	name: 'set',
	where: 'both',
	attributes: [],
	takesActors: true,
	example: 'set db "fence 8"',
	parse: label('set', 'set db "fence 8"'),
	add: (scene, node, step) => (step ? step.statements.push(node) : scene.initial.push(node)),
}
