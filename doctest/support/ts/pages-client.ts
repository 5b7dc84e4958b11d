/**
 * The pages' `connect`, pointed at the doctest's lock server: the addresses the pages give the lock
 * server, `tcp://127.0.0.1:7411` (one machine), `tcp://locks:7411` and `tcp://locks.internal:7411` (a host of its own), and no address at all, reach
 * the doctest's (TINYSTORE_LOCKS_URL); any other address is taken as written. `closeAll` closes
 * what a block left open, as the page's program would at its end.
 */
import { connect as connectTo } from '../../../server/index.ts'

const PAGES_ADDRESSES = new Set(['tcp://127.0.0.1:7411', 'tcp://locks:7411', 'tcp://locks.internal:7411'])

export function pagesClient() {
	const clients: Awaited<ReturnType<typeof connectTo>>[] = []
	const connect: typeof connectTo = async (url, options) => {
		const address = url ?? 'tcp://127.0.0.1:7411'
		const client = await connectTo(PAGES_ADDRESSES.has(address) ? (process.env.TINYSTORE_LOCKS_URL as string) : address, options)
		clients.push(client)
		return client
	}
	const closeAll = async () => {
		for (const client of clients) await client.close()
	}
	return { connect, closeAll }
}
