/**
 * What a statement of the DSL is to the parser: one construct per statement, each in its own module
 * under `statements/`, listed in one table (`statements/index.ts`) that the parser loops over and
 * that editors' completion reads. Adding a statement is adding its module and a line to the table.
 */
import type { Scene, Step } from './ast.ts'
import type { StatementName } from './attributes.ts'
import type { Cursor, Scope } from './cursor.ts'

/** Where a statement may stand: before the first step (`top`), indented in a step (`step`), or both. */
export type Where = 'top' | 'step' | 'both'

export interface StatementConstruct<Node = unknown> extends StatementName {
	/** The verb that starts it. */
	name: string
	where: Where
	/** The attributes it takes (`icon=`, `color=`); none when empty. */
	attributes: readonly string[]
	/** Whether its words after the verb name actors, so an editor completes actor ids there. */
	takesActors: boolean
	/** A line that shows it, for messages and completion. */
	example: string
	/** Reads the statement at the cursor into its node; errors go to the scope's report. `misplaced` when it does not belong where it stands (and only a block is read then). */
	parse(scope: Scope, c: Cursor, misplaced?: boolean): Node | undefined
	/** Puts a node where it belongs: the scene's declarations, its initial state, or the open step's statements. */
	add(scene: Scene, node: Node, step: Step | undefined): void
	/** It starts a step, whose body the more indented lines after it are. */
	opensStep?: true
	/** It reads the lines after its own (a code sample), so it is read even where it does not belong. */
	block?: true
}

/** A table of constructs, by verb. */
export type StatementTable = readonly StatementConstruct[]
