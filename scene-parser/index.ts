/** The scene DSL: a scene's text to a typed syntax tree, with errors that carry line and column. */

export type * from './ast.ts'
export { ICONS } from './ast.ts'
export type { StatementConstruct, StatementTable, Where } from './construct.ts'
export type { Cursor, Scope } from './cursor.ts'
export { attributesOf, finish, position, ref, text } from './cursor.ts'
export { formatError, formatMessage, type PlacedMessage } from './format.ts'
export { parseScene, statementNames } from './parse.ts'
export { STATEMENTS } from './statements/index.ts'
