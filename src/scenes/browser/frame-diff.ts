/**
 * The places where two JSON values differ, as readable paths: how the browser's frames are compared with the build's.
 */

function describe(value: unknown): string {
	const text = JSON.stringify(value)
	return text === undefined ? 'nothing' : text.length > 60 ? text.slice(0, 57) + '...' : text
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every difference between `expected` and `actual`, as `frames[2].storedFence: build "8", browser "9"`, at most `limit`. */
export function jsonDifferences(expected: unknown, actual: unknown, limit = 5, names = { expected: 'build', actual: 'browser' }): string[] {
	const found: string[] = []
	const walk = (a: unknown, b: unknown, path: string): void => {
		if (found.length >= limit) return
		if (Array.isArray(a) && Array.isArray(b)) {
			if (a.length !== b.length) found.push(`${path || 'value'}: ${names.expected} ${a.length} items, ${names.actual} ${b.length}`)
			for (let i = 0; i < Math.min(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`)
			return
		}
		if (isObject(a) && isObject(b)) {
			const keys = new Set([...Object.keys(a), ...Object.keys(b)])
			for (const key of keys) walk(a[key], b[key], path ? `${path}.${key}` : key)
			return
		}
		if (!Object.is(a, b)) found.push(`${path || 'value'}: ${names.expected} ${describe(a)}, ${names.actual} ${describe(b)}`)
	}
	walk(expected, actual, '')
	return found
}
