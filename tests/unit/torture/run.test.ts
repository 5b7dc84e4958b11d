import { describe, expect, it } from 'vitest'
import { Proc } from '../server/fixtures/processes.ts'

describe('npm run torture, a short run', () => {
	it('kills, stops and restarts clients and the server, and finds no violation in the history', async () => {
		const run = new Proc('torture/run.ts', ['--procs', '3', '--seconds', '5'])
		const code = await run.exited(90_000)
		const output = run.lines.join('\n')
		expect(output).toMatch(/^violations: 0$/m)
		expect(code, output).toBe(0)
		const grants = Number(/^grants: (\d+)/m.exec(output)?.[1])
		expect(grants, output).toBeGreaterThan(0)
		expect(output).toMatch(/^chaos: \d+ client kills, [1-9]\d* client stops, [1-9]\d* server kills/m)
	}, 120_000)
})
