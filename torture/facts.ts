import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Database } from '../engine/adapters/node.ts'
import type { HistoryLine, TortureFacts } from './check.ts'
import { clockOffset, readingOf, type ClockReading, type ClockShift } from './clocks.ts'
import type { ClientFacts, ClientWrite, DbWrite, FinalRow, Pause, UnreadableLogLine } from './check-core.ts'

/** What the run did to a process, as it wrote it to the run's folder (`faults.jsonl`) when it did it. */
export type Fault =
	// The runner's clocks, read at its start: the reference the checker sets every process's times in (clocks.ts).
	| { type: 'clock'; at: number; mono: number }
	| { type: 'client-kill'; client: string; at: number }
	| { type: 'client-stop'; client: string; at: number }
	| { type: 'client-continue'; client: string; at: number }
	| { type: 'server-kill'; at: number }
	| { type: 'server-stop'; at: number }
	| { type: 'server-continue'; at: number }
	// The lock server's nemeses beside its kills and stops: every client connection cut at once, a lease ended
	// by an operator, and its history's file held at its size (its writes cut short and failing) for a while.
	| { type: 'connections-cut'; at: number; connections: number }
	| { type: 'operator-end'; at: number; leaseId: string }
	| { type: 'history-full'; at: number; bytes: number }
	| { type: 'history-room'; at: number }
	// etcd's members, on a run with --backend etcd.
	| { type: 'member-kill'; member: string; leader: boolean; at: number }
	| { type: 'member-start'; member: string; at: number }
	| { type: 'member-stop'; member: string; leader: boolean; at: number }
	| { type: 'member-continue'; member: string; at: number }

/** The files of a run's folder. */
export const RUN_FILES = { chatDb: 'chat.db', history: 'history.jsonl', faults: 'faults.jsonl', data: 'data' } as const

/** A client's log in a run's folder: `c<slot>.<generation>.jsonl`. */
export const CLIENT_LOG = /^c\d+\.\d+\.jsonl$/

/** Everything a run on a lock server left in its folder, as the checker takes it: the servers' history (lines that are not records kept as such, for the checker to judge) and what the clients logged and wrote. */
export function readRunFacts(dir: string): TortureFacts {
	const reference = runnerClock(dir)
	// Each server's records are in its own clock, from its start record to the next.
	let offset: ClockShift = { shift: 0, margin: 0 }
	const serverMargins: number[] = []
	const history = textLines(join(dir, RUN_FILES.history)).map((line): HistoryLine => {
		const record = parse(line)
		if (record === undefined) return { type: 'unreadable', text: line }
		if (record.type === 'start') {
			offset = clockOffset(readingOf(record.clock as Record<string, unknown> | undefined), reference)
			serverMargins.push(offset.margin)
		}
		return shifted(record, offset.shift, ['at', 'grantedAt', 'expiresAt']) as unknown as HistoryLine
	})
	return { history, serverMargins, ...readClientFacts(dir) }
}

/** How far each server's and client's clock read from the runner's, by the readings they wrote (0 for one that wrote none), and how unsure that is (clocks.ts). */
export function clockShifts(dir: string): ClockShift[] {
	const reference = runnerClock(dir)
	const servers = textLines(join(dir, RUN_FILES.history))
		.map(parse)
		.filter(record => record?.type === 'start')
		.map(record => clockOffset(readingOf(record?.clock as Record<string, unknown> | undefined), reference))
	const clients = readdirSync(dir)
		.filter(name => CLIENT_LOG.test(name))
		.map(name => clockOffset(readingOf(textLines(join(dir, name)).map(parse).find(record => record?.type === 'clock')), reference))
	return [...servers, ...clients]
}

/** The runner's clock reading, the first line of the faults file, if the run wrote one. */
function runnerClock(dir: string): ClockReading | undefined {
	const first = textLines(join(dir, RUN_FILES.faults)).map(parse).find(fault => fault?.type === 'clock')
	return readingOf(first)
}

/** The record with its times (the `fields` that are numbers) `shift` ms earlier: set in the reference's clock. */
function shifted(record: Record<string, unknown>, shift: number, fields: readonly string[]): Record<string, unknown> {
	if (shift === 0) return record
	const copy = { ...record }
	for (const field of fields) if (typeof copy[field] === 'number') copy[field] = copy[field] - shift
	return copy
}

/** What the clients of a run logged and wrote, on any backend: their logs, the faults done to them (stops and kills, so a kept run checks the same later), and chat.db. */
export function readClientFacts(dir: string): ClientFacts {
	const { logs, unreadableLogLines, clockMargins } = readClientLogs(dir, runnerClock(dir))
	const faults = textLines(join(dir, RUN_FILES.faults)).flatMap(line => {
		const fault = parse(line)
		return fault === undefined ? [] : [fault as Fault]
	})
	const db = new Database(join(dir, RUN_FILES.chatDb), { readonly: true })
	const dbWrites = (db.prepare('select seq, client, chat_id, fence, summary, accepted from writes order by seq').all() as Record<string, unknown>[]).map(
		(r): DbWrite => ({ seq: Number(r.seq), client: String(r.client), chatId: Number(r.chat_id), fence: String(r.fence), summary: String(r.summary), accepted: r.accepted === 1 }),
	)
	const rows = (db.prepare('select id, summary, summary_fence from chats order by id').all() as Record<string, unknown>[]).map(
		(r): FinalRow => ({ chatId: Number(r.id), summary: String(r.summary), fence: String(r.summary_fence) }),
	)
	db.close()
	const lines = (type: string) => logs.filter(r => r.type === type)
	const moment = (r: Record<string, unknown>) => ({ client: String(r.client), id: String(r.id), at: Number(r.at) })
	return {
		unreadableLogLines,
		clockMargins,
		clientGrants: lines('grant').map(r => ({ ...moment(r), fence: (r.fence as string | null) ?? null })),
		clientLosses: lines('lost').map(moment),
		clientDone: lines('done').map(moment),
		pauses: [...clientPauses(faults), ...writePauses(logs)],
		clientWrites: lines('write') as unknown as ClientWrite[],
		dbWrites,
		rows,
	}
}

/** The records of the clients' logs in a run's folder, client by client, their times in the `reference` clock, the lines that are none, and how unsure each client's times are beyond the run's slack (by its name in its lines). */
export function readClientLogs(dir: string, reference?: ClockReading): { logs: Record<string, unknown>[]; unreadableLogLines: UnreadableLogLine[]; clockMargins: Record<string, number> } {
	const logs: Record<string, unknown>[] = []
	const unreadableLogLines: UnreadableLogLine[] = []
	const clockMargins: Record<string, number> = {}
	for (const name of readdirSync(dir).filter(name => CLIENT_LOG.test(name)).sort()) {
		const lines = textLines(join(dir, name))
		const records = lines.map(parse)
		// A client's first line reads its clock (client.ts): its lines are set in the reference clock by it.
		const clock = records.find(record => record?.type === 'clock')
		const { shift, margin } = clockOffset(readingOf(clock), reference)
		if (typeof clock?.client === 'string') clockMargins[clock.client] = margin
		records.forEach((record, i) => {
			if (record === undefined) unreadableLogLines.push({ file: name, line: i + 1, last: i === lines.length - 1 })
			else logs.push(shifted(record, shift, ['at']))
		})
	}
	return { logs, unreadableLogLines, clockMargins }
}

export function textLines(file: string): string[] {
	if (!existsSync(file)) return []
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(line => line.trim() !== '')
}

export function parse(line: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(line)
		return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
	} catch {
		return undefined
	}
}

// A killed client could not run from then on; a stopped one from its stop to its continue.
export function clientPauses(faults: Fault[]): Pause[] {
	const pauses: Pause[] = []
	const open = new Map<string, Pause>()
	for (const fault of faults) {
		if (fault.type === 'client-kill') pauses.push({ client: fault.client, from: fault.at, to: Number.POSITIVE_INFINITY, why: 'killed' })
		else if (fault.type === 'client-stop') {
			const pause = { client: fault.client, from: fault.at, to: Number.POSITIVE_INFINITY, why: 'stopped' }
			pauses.push(pause)
			open.set(fault.client, pause)
		} else if (fault.type === 'client-continue') {
			const pause = open.get(fault.client)
			if (pause !== undefined) pause.to = fault.at
			open.delete(fault.client)
		}
	}
	return pauses
}

// A client's write lasts from its `writing` line to its `write` line, or to its end if it was killed in between.
export function writePauses(logs: Record<string, unknown>[]): Pause[] {
	const pauses: Pause[] = []
	const open = new Map<string, Pause>()
	for (const record of logs) {
		const client = String(record.client)
		if (record.type === 'writing') {
			const pause = { client, from: Number(record.at), to: Number.POSITIVE_INFINITY, why: 'blocked in a write' }
			pauses.push(pause)
			open.set(client, pause)
		} else if (record.type === 'write') {
			const pause = open.get(client)
			if (pause !== undefined) pause.to = Number(record.at)
			open.delete(client)
		}
	}
	return pauses
}
