/**
 * The engine's SQLite adapters that load anywhere, a browser included: sql.js, given the module
 * its caller initialised. Node's adapters (better-sqlite3, sql.js read from node_modules) are in
 * `node.ts`, so a browser bundle that imports this entry pulls in no Node-only code.
 */
export { sqlJsDriver } from './sql-js.ts'
