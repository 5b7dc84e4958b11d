import { createRequire } from 'node:module'
import initSqlJs, { type SqlJsStatic } from 'sql.js'

let loading: Promise<SqlJsStatic> | undefined

/** sql.js in Node, with its wasm read from node_modules; loaded once per process. */
export function loadSqlJs(): Promise<SqlJsStatic> {
	const require = createRequire(import.meta.url)
	loading ??= initSqlJs({ locateFile: file => require.resolve(`sql.js/dist/${file}`) })
	return loading
}
