import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The clients in other languages run the lease contract's cases, and the client contract's, under the
// TypeScript contracts' own names (scripts/test-clients.sh runs them against a real server); a case added
// there and forgotten in a client fails here, naming the client and the case.

const root = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The contract's case names: each `it('...')`, and each row of its `it.for` table of refusals. */
export function contractCases(source: string): string[] {
	const text = (quoted: string) => quoted.replaceAll("\\'", "'")
	const names = [...source.matchAll(/^\tit\('((?:[^'\\]|\\.)+)'/gm)].map(match => text(match[1] as string))
	const table = /it\.for\(\[([\s\S]*?)\] as const\)\('refuses %s in the same words'/.exec(source)?.[1] ?? ''
	for (const row of table.matchAll(/^\t\t\['((?:[^'\\]|\\.)+)',/gm)) names.push(`refuses ${text(row[1] as string)} in the same words`)
	return names
}

const clients = {
	python: ['clients/python/tests/test_lease_contract.py'],
	go: ['clients/go/contract_test.go', 'clients/go/client_contract_test.go'],
	rust: ['clients/rust/tests/lease_contract.rs'],
}

describe('the clients in other languages', () => {
	const cases = [...contractCases(read('tests/unit/server/lease-contract.test.ts')), ...contractCases(read('tests/unit/server/client-contract.test.ts'))]

	it('reads the contract: its cases, LOCK-01 and LOCK-04 among them, and the table of refusals', () => {
		expect(cases).toContain('LOCK-01: one holder at a time, and the key goes to the next in line, first come first served')
		expect(cases).toContain('LOCK-04: a lease that runs out tells its holder before the key goes to the next in line')
		expect(cases).toContain('refuses an empty key in the same words')
		expect(cases).toContain('learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal')
		expect(cases.length).toBeGreaterThanOrEqual(17)
	})

	it.each(Object.entries(clients))('%s runs every case of the contract by its name', (lang, files) => {
		const source = files.map(read).join('\n')
		const missing = cases.filter(name => !source.includes(name))
		expect(missing.map(name => `${files.join(', ')}: no case named "${name}" (${lang})`)).toEqual([])
	})
})
