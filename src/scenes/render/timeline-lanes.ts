/**
 * A scene's timeline as data, from its frames alone: one lane per worker, its leases (from grant to
 * the end of their TTL, or cut where a release, a run-out or a restart ended them), pauses, waits in
 * line, renewals and writes, each placed on the scene's moments. A moment is one distinct time of a
 * step, in the order of the steps: a step's happenings at one time share a moment, and each step
 * ends on one, so a scene whose steps all happen at 0 s still spreads them out. Times are the
 * engine's milliseconds; positions are moment numbers, which the drawing turns into x.
 */
import type { Frame, TimeMark } from '../frame.ts'

/** One moment of the axis: the step it belongs to (steps + 1 for the TTL ends after the last), and its time. */
export interface Moment {
	step: number
	at: number
}

/** How a lease bar ends: cut by a release, a run-out, its store's restart or an operator's end, or still live when the scene ends. */
export type BarEnd = 'released' | 'expired' | 'gone' | 'ended' | 'open'

/** A lease from its grant to where it ended (`to`), which for a live one is its TTL end after the scene. */
export interface LeaseBar {
	worker: string
	store: string
	fence?: string
	/** Granted at (ms), at moment `start`. */
	from: number
	start: number
	/** Where the bar ends (ms) and its moment: the cut, or the TTL end of a lease live at the scene's end. */
	to: number
	end: number
	how: BarEnd
	/** The moments and times of its renewals. */
	renewals: { at: number; moment: number }[]
}

/** A span of a lane with no lease drawn over it: a pause (to a wake, or to the end after a crash) or a wait in line. */
export interface LaneSpan {
	worker: string
	from: number
	start: number
	to: number
	end: number
	/** A wait ends with the grant, a give-up, a refusal or leaving the line; a pause with a wake or never (crash). */
	how: 'woke' | 'crashed' | 'open' | 'granted' | 'gave-up' | 'refused' | 'left'
	/** For a crash: its process restarted at `to` (else it stayed down to the scene's end). */
	restarted?: true
}

export interface WriteMark {
	worker: string
	database: string
	fence: string
	taken: boolean
	at: number
	moment: number
}

export interface TimelineLanes {
	/** The workers, in the scene's order: one lane each. */
	workers: { id: string; label: string }[]
	moments: Moment[]
	/** The moment each frame ends on, by frame index. */
	frameMoments: number[]
	bars: LeaseBar[]
	pauses: LaneSpan[]
	waits: LaneSpan[]
	writes: WriteMark[]
	/** Each store restart: its moment and time. */
	restarts: { store: string; at: number; moment: number }[]
}

/** The timeline of a scene's frames; frames without marks (an older scene's data) give lanes with nothing on them. */
export function timelineLanes(frames: readonly Frame[]): TimelineLanes {
	const first = frames[0]
	const workers = (first?.actors ?? []).filter(actor => actor.icon === 'cpu').map(actor => ({ id: actor.id, label: actor.label }))
	const moments: Moment[] = []
	const frameMoments: number[] = []
	const placed: { mark: TimeMark; moment: number }[] = []
	for (const frame of frames) {
		let last: Moment | undefined
		for (const mark of frame.timeline ?? []) {
			if (last === undefined || last.at !== mark.at) {
				last = { step: frame.index, at: mark.at }
				moments.push(last)
			}
			placed.push({ mark, moment: moments.length - 1 })
		}
		if (last === undefined || last.at !== frame.time) moments.push({ step: frame.index, at: frame.time })
		frameMoments.push(moments.length - 1)
	}
	const sceneEnd = moments.length - 1
	const endTime = frames[frames.length - 1]?.time ?? 0
	const bars: LeaseBar[] = []
	const pauses: LaneSpan[] = []
	const waits: LaneSpan[] = []
	const writes: WriteMark[] = []
	const restarts: TimelineLanes['restarts'] = []
	const live = new Map<string, LeaseBar & { until: number }>()
	const paused = new Map<string, LaneSpan>()
	/** Each crashed worker's shaded span, until its process restarts. */
	const crashed = new Map<string, LaneSpan>()
	const waiting = new Map<string, LaneSpan>()
	const cut = (worker: string, how: BarEnd, at: number, moment: number): void => {
		const bar = live.get(worker)
		if (!bar) return
		live.delete(worker)
		bars.push({ ...withoutUntil(bar), to: at, end: moment, how })
	}
	const endWait = (worker: string, how: LaneSpan['how'], at: number, moment: number): void => {
		const span = waiting.get(worker)
		if (!span) return
		waiting.delete(worker)
		if (span.start !== moment) waits.push({ ...span, to: at, end: moment, how })
	}
	for (const { mark, moment } of placed) {
		switch (mark.kind) {
			case 'asked':
				waiting.set(mark.worker, { worker: mark.worker, from: mark.at, start: moment, to: mark.at, end: moment, how: 'open' })
				break
			case 'granted':
				endWait(mark.worker, 'granted', mark.at, moment)
				// A worker holds one lease of a store at a time; a new grant means the last one ended unseen.
				cut(mark.worker, 'released', mark.at, moment)
				live.set(mark.worker, { worker: mark.worker, store: mark.store, ...(mark.fence === undefined ? {} : { fence: mark.fence }), from: mark.at, start: moment, to: mark.until, end: moment, how: 'open', renewals: [], until: mark.until })
				break
			case 'renewed': {
				const bar = live.get(mark.worker)
				if (bar) {
					bar.until = mark.until
					bar.renewals.push({ at: mark.at, moment })
				}
				break
			}
			case 'released':
			case 'expired':
			case 'gone':
			case 'ended':
				cut(mark.worker, mark.kind, mark.at, moment)
				if (mark.kind === 'gone') endWait(mark.worker, 'left', mark.at, moment)
				break
			case 'gave-up':
			case 'refused':
			case 'left':
				endWait(mark.worker, mark.kind, mark.at, moment)
				break
			case 'paused':
				if (!paused.has(mark.worker)) paused.set(mark.worker, { worker: mark.worker, from: mark.at, start: moment, to: mark.at, end: moment, how: 'open' })
				break
			case 'woke':
			case 'crashed': {
				const span = paused.get(mark.worker)
				if (mark.kind === 'crashed') {
					paused.delete(mark.worker)
					// A crash stops the worker until its process restarts: its lane is shaded from the pause (or the crash) to the end, or to the restart.
					const down = { worker: mark.worker, from: span?.from ?? mark.at, start: span?.start ?? moment, to: endTime, end: sceneEnd, how: 'crashed' as const }
					pauses.push(down)
					crashed.set(mark.worker, down)
				} else if (span) {
					paused.delete(mark.worker)
					pauses.push({ ...span, to: mark.at, end: moment, how: 'woke' })
				}
				break
			}
			case 'process-restarted': {
				const down = crashed.get(mark.worker)
				if (down) {
					crashed.delete(mark.worker)
					down.to = mark.at
					down.end = moment
					down.restarted = true
				}
				break
			}
			case 'wrote':
				writes.push({ worker: mark.worker, database: mark.database, fence: mark.fence, taken: mark.taken, at: mark.at, moment })
				break
			case 'restarted':
				restarts.push({ store: mark.store, at: mark.at, moment })
				for (const [worker, bar] of live) if (bar.store === mark.store) cut(worker, 'gone', mark.at, moment)
				break
		}
	}
	for (const span of paused.values()) pauses.push({ ...span, to: endTime, end: sceneEnd })
	for (const span of waiting.values()) if (span.start !== sceneEnd) waits.push({ ...span, to: endTime, end: sceneEnd })
	// Leases live when the scene ends run on to their TTL's end: moments after the last step, one per time.
	const open = [...live.values()].sort((a, b) => a.until - b.until)
	for (const bar of open) {
		const last = moments[moments.length - 1] as Moment
		if (bar.until > last.at || last.step !== frames.length) moments.push({ step: frames.length, at: bar.until })
		bars.push({ ...withoutUntil(bar), to: bar.until, end: moments.length - 1, how: 'open' })
	}
	bars.sort((a, b) => a.start - b.start || a.worker.localeCompare(b.worker))
	return { workers, moments, frameMoments, bars, pauses, waits, writes, restarts }
}

function withoutUntil(bar: LeaseBar & { until: number }): LeaseBar {
	const { until: _until, ...rest } = bar
	return rest
}
