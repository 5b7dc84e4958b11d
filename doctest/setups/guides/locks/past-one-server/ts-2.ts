// doctest: the ts block that starts: const client = await connectEtcd({ endpoints: 'etcd1:2379,etcd2:2379,etcd3:2379' })
// The page's hold on etcd, as written, on a three-member etcd cluster started on loopback for it (etcd/local-cluster.ts),
// whose members are the page's etcd1, etcd2 and etcd3: the function saves the chat's summary to a real chat.db with
// the lease's fence, as on a lock server.
import { connectEtcd as connectTo, type EtcdConnectOptions } from '@repo/etcd/index.ts'
import { LocalCluster } from '@repo/etcd/local-cluster.ts'
import { stubs } from '@repo/doctest/support/ts/stubs.ts'

const PAGES_ENDPOINTS = 'etcd1:2379,etcd2:2379,etcd3:2379'
const cluster = await LocalCluster.start({ members: 3 })
const connectEtcd = (options: EtcdConnectOptions) => connectTo({ ...options, endpoints: options.endpoints === PAGES_ENDPOINTS ? cluster.endpoints : options.endpoints })
const given = await stubs()
const { chatId, save, summarize } = given
try {
	// doctest: the block
	await client.close()
	const row = given.chatDb.row(chatId)
	if (row?.summary !== (await summarize(chatId)) || !/^[0-9]{40}$/.test(row.summary_fence) || /^0+$/.test(row.summary_fence)) throw new Error(`expected the summary saved with the lease's fence, got ${JSON.stringify(row)}`)
	console.log(JSON.stringify(row))
} finally {
	await given.store.close()
	await cluster.close()
}
