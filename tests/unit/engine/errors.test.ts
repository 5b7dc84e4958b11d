import { describe, expect, it } from 'vitest'
import { LockError } from '../../../engine/index.ts'

describe('LockError', () => {
	it('is an Error with a code, a name and an optional cause', () => {
		const cause = new Error('underneath')
		const error = new LockError('held', 'lock summaries: key "42": held past the 10 s wait', { cause })
		expect(error).toBeInstanceOf(Error)
		expect(error).toBeInstanceOf(LockError)
		expect(error.name).toBe('LockError')
		expect(error.code).toBe('held')
		expect(error.message).toBe('lock summaries: key "42": held past the 10 s wait')
		expect(error.cause).toBe(cause)
		expect(String(error)).toBe('LockError: lock summaries: key "42": held past the 10 s wait')
	})
})
