/**
 * The simulation: a scene's text parsed and run on the lock engine, its texts checked in the claim
 * language, its frames made. The entry the site uses (in Node, `node.ts` adds the engine's Node
 * drivers), and the site's way to the parser and the engine too.
 */
export { compileScene } from './compile.ts'
export { errorWords } from './error-words.ts'
export { simulateScene, DEFAULT_KEY, SCENE_SETTLING, SCENE_TIME_LIMIT_MS } from './simulate.ts'
export type { OpenDriver, SimulateOptions } from './simulate.ts'
export { castOf, kindOf, messagePlace, statePlace, MESSAGE_PLACES } from './cast.ts'
export { VERBS } from './verbs/index.ts'
export type { StepRun, VerbHandler, VerbTable } from './verbs/index.ts'
export type { TextSite } from './texts.ts'
export { ICONS, STATEMENTS, formatError, parseScene, statementNames } from '../../../scene-parser/index.ts'
export type { Icon, ParseError, Scene, SourceOrigin, StatementConstruct, StatementTable } from '../../../scene-parser/index.ts'
// The SQLite a scene runs on: the engine's driver types, and its sql.js driver, which loads anywhere
// (Node's drivers are in node.ts).
export { sqlJsDriver } from '../../../engine/adapters/index.ts'
export type { SqliteDriver, SqlRow, SqlValue } from '../../../engine/index.ts'
