import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const root = new URL('../../../', import.meta.url)
const contracts = readFileSync(new URL('CONTRACTS.md', root), 'utf8')
const page = readFileSync(new URL('content/reference/contracts.mdx', root), 'utf8')

/** The contract rows of CONTRACTS.md: id, promise and the tests that keep it. */
function contractRows(): { id: string; promise: string; keptBy: string }[] {
	return contracts
		.split('\n')
		.filter(line => line.startsWith('| `LOCK-'))
		.map(line => {
			const [id, promise, keptBy] = line.slice(1, -1).split(' | ').map(cell => cell.trim())
			return { id: id!.replaceAll('`', ''), promise: promise!, keptBy: keptBy! }
		})
}

describe('the Contracts reference page', () => {
	it('has a heading for every contract of CONTRACTS.md, so links such as #lock-02 resolve', () => {
		const ids = contractRows().map(row => row.id)
		expect(ids.length).toBeGreaterThan(0)
		const headings = [...page.matchAll(/^## (LOCK-\d+)$/gm)].map(match => match[1])
		expect(headings).toEqual(ids)
	})

	it('says each promise and its tests in the words of CONTRACTS.md', () => {
		for (const row of contractRows()) {
			const section = page.slice(page.indexOf(`## ${row.id}\n`))
			expect(section, row.id).toContain(`\n${row.promise}\n`)
			expect(section, row.id).toContain(`Kept by: ${row.keptBy}\n`)
		}
	})
})
