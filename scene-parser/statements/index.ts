/** The table of the DSL's statements: one construct each, in its own module. Adding a statement is a module and a line here. */
import type { StatementTable } from '../construct.ts'
import { actor } from './actor.ts'
import { backup } from './backup.ts'
import { code } from './code.ts'
import { domain } from './domain.ts'
import { end } from './end.ts'
import { id } from './id.ts'
import { key } from './key.ts'
import { link } from './link.ts'
import { release } from './release.ts'
import { restart } from './restart.ts'
import { restore } from './restore.ts'
import { send } from './send.ts'
import { set } from './set.ts'
import { step } from './step.ts'
import { strike } from './strike.ts'
import { ttl } from './ttl.ts'
import { wait } from './wait.ts'

/** In the order an author meets them: the declarations, the initial state, the steps and their statements. */
export const STATEMENTS: StatementTable = [code, id, domain, actor, link, set, strike, ttl, key, step, send, wait, release, end, restart, backup, restore]
