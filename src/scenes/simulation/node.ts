/**
 * The simulation's entry in Node: everything `index.ts` exports, and the engine's Node drivers a
 * scene runs on there (better-sqlite3, and sql.js with its wasm read from node_modules), which the
 * scenes' SQLite in Node (`src/scenes/node-sqlite/`) opens; and the samples' own realm, which it
 * makes the one they run in. Browser code imports `index.ts`, which
 * loads no Node module; never import this one from browser code.
 */
import { useSampleRealm } from '../sample/load.ts'
import { nodeRealm } from '../sample/node-realm.ts'

export * from './index.ts'
export { betterSqliteDriver, loadSqlJs } from '../../../engine/adapters/node.ts'

// In Node a sample runs in a realm of its own, hardened (src/scenes/sample/node-realm.ts).
useSampleRealm(nodeRealm())
