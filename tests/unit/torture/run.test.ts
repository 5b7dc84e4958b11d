import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Proc } from '../server/fixtures/processes.ts'
import { tempDir } from '../server/fixtures/wire.ts'

describe('npm run torture, a short run', () => {
	it('kills, stops and restarts clients and the server, cuts every connection, ends leases as an operator and fills the history, finds no violation, and checks the kept run the same later', async () => {
		const dir = join(tempDir('tinystore-torture-test-'), 'run')
		const run = new Proc('torture/run.ts', ['--procs', '3', '--seconds', '10', '--dir', dir, '--keep'])
		const code = await run.exited(90_000)
		const output = run.lines.join('\n')
		expect(output).toMatch(/^violations: 0$/m)
		expect(code, output).toBe(0)
		const grants = Number(/^grants: (\d+)/m.exec(output)?.[1])
		expect(grants, output).toBeGreaterThan(0)
		expect(output).toMatch(/^chaos: \d+ client kills, [1-9]\d* client stops, [1-9]\d* server kills, [1-9]\d* server stops, [1-9]\d* cuts of every connection, [1-9]\d* leases ended by an operator, [1-9]\d* times the history could not grow/m)
		// The stops and kills are in the run's folder, so checking it again finds what the run found.
		expect(existsSync(join(dir, 'faults.jsonl'))).toBe(true)
		expect(readFileSync(join(dir, 'faults.jsonl'), 'utf8')).toMatch(/"type":"client-stop"/)
		const again = new Proc('torture/run.ts', ['--check', dir])
		expect(await again.exited(60_000), again.lines.join('\n')).toBe(0)
		expect(again.lines.find(line => line.startsWith('grants: '))).toBe(output.split('\n').find(line => line.startsWith('grants: ')))
		expect(again.lines.at(-1)).toBe('violations: 0')
	}, 150_000)
})
