/** The scene DSL: a scene's text to a typed syntax tree, with errors that carry line and column. */

export type * from './ast.ts'
export { ICONS } from './ast.ts'
export { formatError } from './format.ts'
export { findSceneBlocks, type SceneBlock } from './markdown.ts'
export { parseScene } from './parse.ts'
