import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fenceEpoch, makeFence } from '../../../engine/index.ts'
import { Proc } from '../server/fixtures/processes.ts'
import { tempDir } from '../server/fixtures/wire.ts'
import { clientOf, ownCluster, sharedCluster } from './fixtures/cluster.ts'

const largest = (fences: bigint[]) => fences.reduce((a, b) => (a > b ? a : b))

describe('the epoch of etcd fences, and a restore from a snapshot', { timeout: 90_000 }, () => {
	it('a cluster restored with etcdctl snapshot restore gives a fence no larger than one it gave before; npm run etcd -- epoch bump moves every later fence past all of them, for clients connected before too', async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const a = await clientOf(cluster, onTestFinished)
		await a.lock('summaries').hold('1', () => {})
		const snapshot = join(tempDir(), 'snapshot.db')
		cluster.snapshot(snapshot)
		const given: bigint[] = []
		for (let i = 0; i < 5; i++) given.push(await a.lock('summaries').hold('1', lease => lease.fence))
		await cluster.restore(snapshot)
		const b = await clientOf(cluster, onTestFinished, { prefix: a.prefix })
		// The snapshot's revision and epoch: without the bump a fence repeats the range given since.
		const repeated = await b.lock('summaries').hold('1', lease => lease.fence)
		expect(repeated).toBeLessThanOrEqual(largest(given))
		const bump = new Proc('etcd/cli.ts', ['epoch', 'bump', '--endpoints', cluster.endpoints.join(','), '--prefix', a.prefix])
		expect(await bump.exited(), bump.stderr.join('\n')).toBe(0)
		expect(bump.lines[0]).toMatch(new RegExp(`^${a.prefix}epoch: epoch ${fenceEpoch(repeated)} -> \\d+$`))
		const after = await b.lock('summaries').hold('1', lease => lease.fence)
		expect(after).toBeGreaterThan(largest([...given, repeated]))
		// A client connected before the restore finds the new epoch at its next grant.
		expect(await a.lock('summaries').hold('2', lease => lease.fence)).toBeGreaterThan(after)
	})

	it('epoch bump --above FENCE goes past that fence\'s epoch, for a clock that may be behind; epoch alone shows it', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		const ahead = makeFence(BigInt(client.epoch) + 1_000_000_000n, 7n)
		const bump = new Proc('etcd/cli.ts', ['epoch', 'bump', '--endpoints', cluster.endpoints.join(','), '--prefix', client.prefix, '--above', ahead.toString()])
		expect(await bump.exited(), bump.stderr.join('\n')).toBe(0)
		expect(bump.lines[0]).toBe(`${client.prefix}epoch: epoch ${client.epoch} -> ${fenceEpoch(ahead) + 1n} (above fence ${ahead}, epoch ${fenceEpoch(ahead)})`)
		expect(await client.lock('summaries').hold('1', lease => lease.fence)).toBeGreaterThan(ahead)
		const show = new Proc('etcd/cli.ts', ['epoch', '--endpoints', cluster.endpoints.join(','), '--prefix', client.prefix])
		expect(await show.exited()).toBe(0)
		expect(show.lines[0]).toMatch(new RegExp(`^${client.prefix}epoch: epoch ${fenceEpoch(ahead) + 1n} \\(written at revision \\d+\\)$`))
	})

	it('refuses a command it does not know, with its usage, and a fence it cannot read, in the engine\'s words', async () => {
		const unknown = new Proc('etcd/cli.ts', ['epoch', 'reset', '--endpoints', '127.0.0.1:1'])
		expect(await unknown.exited()).toBe(2)
		expect(unknown.lines[0]).toBe('usage:')
		const badFence = new Proc('etcd/cli.ts', ['epoch', 'bump', '--endpoints', '127.0.0.1:1', '--above', '12x'])
		expect(await badFence.exited()).toBe(1)
		expect(badFence.stderr.join('\n')).toBe('fence "12x": expected 1 to 40 decimal digits')
	})
})
