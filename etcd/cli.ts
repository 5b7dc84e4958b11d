// npm run etcd -- epoch --endpoints HOST:PORT,...          shows the epoch of the fences the cluster gives
// npm run etcd -- epoch bump --endpoints HOST:PORT,...     moves it past every fence the cluster gave (after a restore)
import { parseArgs } from 'node:util'
import { fenceEpoch, LockError, parseFence, realClock } from '../engine/index.ts'
import { bumpEpoch, readEpoch } from './epoch.ts'
import { DEFAULT_PREFIX, epochKey } from './keys.ts'
import { EtcdRpc } from './rpc.ts'

const usage = `usage:
  npm run etcd -- epoch --endpoints HOST:PORT[,HOST:PORT...] [--prefix P]
  npm run etcd -- epoch bump --endpoints HOST:PORT[,HOST:PORT...] [--prefix P] [--above FENCE]

epoch bump moves the epoch of every later fence to max(now in ms, the epoch + 1, FENCE's epoch + 1):
run it on a cluster restored from a snapshot (etcdctl snapshot restore) before any client holds a key,
so that no fence it gives repeats one given after the snapshot was taken. --above takes the largest
fence a resource stored, for a clock that may be behind. The prefix is ${DEFAULT_PREFIX} unless given.`

async function main(): Promise<number> {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: {
			endpoints: { type: 'string' },
			prefix: { type: 'string', default: DEFAULT_PREFIX },
			above: { type: 'string' },
			timeout: { type: 'string', default: '10000' },
			help: { type: 'boolean', default: false },
		},
	})
	if (values.help || positionals[0] !== 'epoch' || positionals.length > 2 || (positionals[1] !== undefined && positionals[1] !== 'bump')) {
		console.log(usage)
		return values.help ? 0 : 2
	}
	if (values.endpoints === undefined) throw new LockError('invalid', `--endpoints: expected the members' client addresses, such as 127.0.0.1:2379\n${usage}`)
	const rpc = new EtcdRpc({ endpoints: values.endpoints.split(','), attemptTimeoutMs: 1000 })
	const deadline = Date.now() + Number(values.timeout)
	const prefix = values.prefix
	try {
		if (positionals[1] === 'bump') {
			const above = values.above === undefined ? undefined : parseFence(values.above)
			const { before, after } = await bumpEpoch(rpc, prefix, realClock, deadline, above)
			console.log(`${epochKey(prefix)}: epoch ${before ?? 'none'} -> ${after}${above === undefined ? '' : ` (above fence ${above}, epoch ${fenceEpoch(above)})`}`)
			console.log('every fence the cluster gives from now on is larger than every fence it gave before')
		} else {
			const record = await readEpoch(rpc, prefix, deadline)
			console.log(record === undefined ? `${epochKey(prefix)}: no epoch yet (the first client writes one)` : `${epochKey(prefix)}: epoch ${record.text} (written at revision ${record.modRevision})`)
		}
		return 0
	} finally {
		rpc.close()
	}
}

main().then(
	code => process.exit(code),
	(error: unknown) => {
		console.error(error instanceof Error ? error.message : String(error))
		process.exit(1)
	},
)
