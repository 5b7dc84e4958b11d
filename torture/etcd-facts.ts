import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HistoryEvent } from '../etcd/history.ts'
import type { ClientGrant, ClientLoss } from './check.ts'
import type { EtcdTortureFacts } from './etcd-check.ts'
import { clientPauses, parse, readClientLogs, RUN_FILES, textLines, writePauses, type Fault } from './facts.ts'
import { Database } from '../engine/adapters/node.ts'

/** The files a run on etcd adds to its folder: etcd's history of the keys, read after the run, and what the run was. */
export const ETCD_RUN_FILES = { history: 'etcd-history.jsonl', run: 'etcd-run.json' } as const

/** What an etcd run writes about itself: where its keys were, the clock key the run wrote, the TTL of its holds. */
export interface EtcdRunInfo {
	prefix: string
	clockKey: string
	ttl: number
	endpoints: string[]
	etcdVersion: string
	/** The revision etcd's history was read to. */
	revision: number
}

/** Whether a run's folder is one of a run on etcd. */
export function isEtcdRun(dir: string): boolean {
	return existsSync(join(dir, ETCD_RUN_FILES.run))
}

/** Everything a run on etcd left in its folder, as the etcd checker takes it. */
export function readEtcdRunFacts(dir: string): EtcdTortureFacts {
	const info = JSON.parse(readFileSync(join(dir, ETCD_RUN_FILES.run), 'utf8')) as EtcdRunInfo
	const { logs, unreadableLogLines } = readClientLogs(dir)
	const unreadableHistoryLines: number[] = []
	const events = textLines(join(dir, ETCD_RUN_FILES.history)).flatMap((line, i) => {
		const event = parse(line)
		if (event === undefined) unreadableHistoryLines.push(i + 1)
		return event === undefined ? [] : [event as unknown as HistoryEvent]
	})
	const faults = textLines(join(dir, RUN_FILES.faults)).flatMap(line => {
		const fault = parse(line)
		return fault === undefined ? [] : [fault as Fault]
	})
	const db = new Database(join(dir, RUN_FILES.chatDb), { readonly: true })
	const dbWrites = (db.prepare('select seq, client, chat_id, fence, summary, accepted from writes order by seq').all() as Record<string, unknown>[]).map(r => ({
		seq: Number(r.seq),
		client: String(r.client),
		chatId: Number(r.chat_id),
		fence: String(r.fence),
		summary: String(r.summary),
		accepted: r.accepted === 1,
	}))
	const rows = (db.prepare('select id, summary, summary_fence from chats order by id').all() as Record<string, unknown>[]).map(r => ({
		chatId: Number(r.id),
		summary: String(r.summary),
		fence: String(r.summary_fence),
	}))
	db.close()
	const records = (type: string) => logs.filter(r => r.type === type)
	return {
		prefix: info.prefix,
		clockKey: info.clockKey,
		ttl: info.ttl,
		revision: info.revision,
		events,
		unreadableHistoryLines,
		unreadableLogLines,
		clientGrants: records('grant').map((r): ClientGrant => ({ client: String(r.client), id: String(r.id), fence: (r.fence as string | null) ?? null, at: Number(r.at) })),
		clientLosses: records('lost').map((r): ClientLoss => ({ client: String(r.client), id: String(r.id), at: Number(r.at) })),
		clientDone: records('done').map(r => ({ client: String(r.client), id: String(r.id), at: Number(r.at) })),
		pauses: [...clientPauses(faults), ...writePauses(logs)],
		clientWrites: records('write') as unknown as EtcdTortureFacts['clientWrites'],
		dbWrites,
		rows,
	}
}
