/** The languages whose blocks run, one file each; adding one is adding a file and a line. */
import { go } from './go.ts'
import type { Language } from './language.ts'
import { python } from './python.ts'
import { rust } from './rust.ts'
import { shell } from './shell.ts'
import { sql } from './sql.ts'
import { typescript } from './typescript.ts'

export type { Language, Outcome, RunContext } from './language.ts'

export const LANGUAGES: readonly Language[] = [typescript, python, go, rust, sql, shell]
