import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HistoryEvent } from '../etcd/history.ts'
import type { EtcdTortureFacts } from './etcd-check.ts'
import { parse, readClientFacts, textLines } from './facts.ts'

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

/** Everything a run on etcd left in its folder, as the etcd checker takes it: etcd's history, what the run was, and what the clients logged and wrote. */
export function readEtcdRunFacts(dir: string): EtcdTortureFacts {
	const info = JSON.parse(readFileSync(join(dir, ETCD_RUN_FILES.run), 'utf8')) as EtcdRunInfo
	const unreadableHistoryLines: number[] = []
	const events = textLines(join(dir, ETCD_RUN_FILES.history)).flatMap((line, i) => {
		const event = parse(line)
		if (event === undefined) unreadableHistoryLines.push(i + 1)
		return event === undefined ? [] : [event as unknown as HistoryEvent]
	})
	return { prefix: info.prefix, clockKey: info.clockKey, ttl: info.ttl, revision: info.revision, events, unreadableHistoryLines, ...readClientFacts(dir) }
}
