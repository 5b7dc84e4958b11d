/** The scene DSL: a scene's text to a typed syntax tree, with errors that carry line and column. */

export type * from './ast.ts'
export { ICONS } from './ast.ts'
export { formatError, formatMessage, type PlacedMessage } from './format.ts'
export { STATEMENTS, parseScene } from './parse.ts'
