/** Runs a SQL file on chat.db in the current folder with SQLite (better-sqlite3), as one script. */
import { readFileSync } from 'node:fs'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'

const file = process.argv[2]
if (file === undefined) throw new Error('run-sql.ts: expected the SQL file to run')
const db = betterSqliteDriver('chat.db')
db.exec(readFileSync(file, 'utf8'))
db.close()
