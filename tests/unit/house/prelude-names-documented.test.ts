// The README says which names a scene's code sample may use; they come from the domains' files, and
// this keeps the two the same (the authors page's table is made from the files by the build).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOMAINS } from '../../../src/seed/domains.ts'

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')

describe("the README lists every domain's prelude names", () => {
	for (const domain of DOMAINS.values()) {
		it(`the ${domain.name} domain's`, () => {
			const paragraph = readme.slice(readme.indexOf('A scene is an execution.'), readme.indexOf('A scene without a sample keeps its older meaning'))
			const listed = paragraph.slice(paragraph.indexOf(domain.name === 'chat' ? "the chat domain's" : `the ${domain.name} domain's`))
			const names = Object.keys(domain.names)
			expect(names.filter(name => !listed.includes(`\`${name}\``))).toEqual([])
		})
	}
})
