import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Proc } from '../server/fixtures/processes.ts'
import { tempDir } from '../server/fixtures/wire.ts'

describe('npm run torture -- --backend etcd, a short run', () => {
	it("kills and stops clients and etcd members (the leader, and two of three at once), finds no violation in etcd's history, and checks the kept run the same later", async () => {
		const dir = join(tempDir('tinystore-torture-etcd-test-'), 'run')
		const run = new Proc('torture/run.ts', ['--backend', 'etcd', '--procs', '3', '--seconds', '8', '--dir', dir, '--keep'])
		const code = await run.exited(150_000)
		const output = [...run.lines, ...run.stderr].join('\n')
		expect(output).toMatch(/^violations: 0$/m)
		expect(code, output).toBe(0)
		expect(Number(/^grants: (\d+)/m.exec(output)?.[1]), output).toBeGreaterThan(0)
		expect(output).toMatch(/^chaos: \d+ client kills, [1-9]\d* client stops, [1-9]\d* member kills \([1-9]\d* of the leader\), [1-9]\d* member stops, 1 stops of two of the three members at once/m)
		expect(existsSync(join(dir, 'etcd-history.jsonl'))).toBe(true)
		const again = new Proc('torture/run.ts', ['--check', dir])
		expect(await again.exited(60_000), again.lines.join('\n')).toBe(0)
		expect(again.lines.find(line => line.startsWith('grants: '))).toBe(output.split('\n').find(line => line.startsWith('grants: ')))
		expect(again.lines.at(-1)).toBe('violations: 0')
	}, 240_000)
})
