/**
 * What the preludes' functions take, checked as their TypeScript signatures would be, so a sample
 * that passes the wrong thing throws at its own line, as the real function would refuse it.
 */
import { MAX_FENCE, parseFence } from '../../engine/index.ts'

/** What a value is, in an error's words. */
function shown(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)
	if (typeof value === 'bigint') return `${value}n`
	if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return String(value)
	return typeof value
}

/** A fence argument: a lease's fence (a bigint), or its text of 40 digits (`fenceText`); anything else is a TypeError. */
export function fenceParameter(fn: string, value: unknown): bigint {
	if (typeof value === 'bigint' && value >= 0n && value <= MAX_FENCE) return value
	if (typeof value === 'string' && /^[0-9]{40}$/.test(value)) return parseFence(value)
	const hint = value === undefined ? " (a semaphore's lease has no fence)" : typeof value === 'string' ? ' (a fence as text is its 40 zero-padded digits: fenceText(lease.fence))' : ''
	throw new TypeError(`${fn}: fence ${shown(value)}: expected a lease's fence (lease.fence) or its 40-digit text${hint}`)
}

/** A text argument (a key, a summary); anything else is a TypeError. */
export function textParameter(fn: string, name: string, value: unknown): string {
	if (typeof value === 'string') return value
	throw new TypeError(`${fn}: ${name} ${shown(value)}: expected a string`)
}

/** An id argument (a chat's, a tenant's): the scene's key; any other value is a TypeError (prose passed as an id is unread text). */
export function keyParameter(fn: string, name: string, value: unknown, key: string): void {
	if (value !== key) throw new TypeError(`${fn}: ${name} ${shown(value)}: expected the scene's key, ${JSON.stringify(key)}`)
}

/**
 * A test's check: `expect(actual).toBe(expected)` throws when they are not the same value, and
 * tells `failed` first: a check that fails is the code's false claim, caught or not.
 */
export function expecting(failed: (error: Error) => Error): (actual: unknown) => { toBe(expected: unknown): void } {
	return actual => ({
		toBe(expected: unknown) {
			if (!Object.is(actual, expected)) throw failed(new Error(`expected ${shown(expected)}, got ${shown(actual)}`))
		},
	})
}
