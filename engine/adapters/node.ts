/**
 * The engine's SQLite adapters for Node: better-sqlite3, sql.js with its wasm read from
 * node_modules, and a store opened on a directory, beside the ones that load anywhere
 * (`index.ts`). Never import this from browser code.
 */
export * from './index.ts'
export { openStore, type StoreDirOptions } from './dir.ts'
export { betterSqliteDriver, Database, type BetterSqliteDatabase, type BetterSqliteOptions } from './better-sqlite3.ts'
export { loadSqlJs } from './sql-js-node.ts'
