/**
 * The guarded check: scenes checked out of process, in a pool of checker processes with a time and
 * a memory limit per scene, so a scene whose code never stops, or keeps what it makes, fails at its
 * first line and every other scene checks. The build, the dev server and `npm run scenes` check
 * this way; unit tests and the bench call `compileScene` in process.
 */
export { CheckPool } from './check-pool.ts'
export { DEFAULT_LIMITS, LimitError, limitsFromEnv, readLimit } from './limits.ts'
export type { CheckLimits } from './limits.ts'
