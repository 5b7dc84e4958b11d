/**
 * The leader election's domain: a job table a leader writes under the `leader` key of the
 * `elections` lock, each write stamped with the leader's term (its lease's fence) and refused when
 * the row carries a larger one. A second domain is this file and a line in `domains.ts`.
 */
import { fenceText } from '../../engine/index.ts'
import type { Domain, SamplePorts } from './domain.ts'
import { expecting, fenceParameter } from './prelude-values.ts'

/** The one job of a scene: the row its leaders stamp. */
const JOB_ID = 'job-1'

export const JOBS_DOMAIN: Domain = {
	name: 'jobs',
	key: 'leader',
	words: {
		thing: 'state',
		owner: 'job',
		ids: ['job', 'jobs', 'state'],
		// A leader's term is its lease's fence; captions tell an election in its own words.
		fence: 'term',
		phrases: {
			gets: ['{worker} becomes( the) leader', '{worker} is elected( leader)', '{worker} wins the election'],
			'gets-with-fence': ['{worker} becomes( the) leader with term/fence {fence}', '{worker} is elected( leader) with term/fence {fence}', '{worker} wins the election with term/fence {fence}'],
			'gets-with-fence-and-ttl': ['{worker} becomes( the) leader with term/fence {fence} and a {duration} lease', '{worker} is elected( leader) with term/fence {fence} and a {duration} lease', '{worker} wins the election with term/fence {fence} and a {duration} lease'],
			'gets-with-next-fence': ['{worker} becomes( the) leader with the next term/fence, {fence}', '{worker} is elected( leader) with the next term/fence, {fence}', '{worker} wins the election with the next term/fence, {fence}'],
			holds: ['{worker} is( the) leader', '{worker} leads'],
			asks: ['{worker} asks to lead', '{worker} runs for leader', '{worker} stands for election'],
			// Several candidates are told as the general forms tell several workers: "B and C ask to lead".
			'workers-ask': ['{workers} ask to lead', '{workers} run for leader', '{workers} stand for election'],
			'runs-out': ['{owner} term runs out', '{owner} term ends', '{owner} term expires'],
			'starts-working': ['{worker} starts running the job', '{worker} starts leading', '{worker} runs the job'],
			// Recording is a write the database took.
			'write-is-saved': ['{worker} records it', '{worker} records the job', "{worker} records the job's state", '{worker} records its state'],
			'write-with-fence-is-saved': ['{worker} records it with fence {fence}', '{worker} records the job with fence {fence}', "{worker} records the job's state with fence {fence}"],
			// Trying to record is a write, whatever its answer: "tries to record the job's state with term 1, and jobs.db refuses it".
			saves: ['{worker} tries to record it', '{worker} tries to record the job', "{worker} tries to record the job's state", '{worker} tries to record its state'],
			'saves-with-fence': ['{worker} tries to record it with fence {fence}', '{worker} tries to record the job with fence {fence}', "{worker} tries to record the job's state with fence {fence}", '{worker} tries to record its state with fence {fence}'],
			'lets-go': ['{worker} steps down'],
			'workers-let-go': ['{workers} step down'],
		},
	},
	schema: "create table jobs (id text primary key, state text not null default 'new', term text not null default '');",
	rowId: () => JOB_ID,
	insertRow: 'insert into jobs (id) values (?)',
	rowFence: 'select term as fence from jobs where id = ?',
	row: 'select * from jobs where id = ?',
	table: { name: 'jobs', id: 'id', author: 'state' },
	setFence: 'update jobs set term = ? where id = ?',
	stageWrite: (_worker, fence, rowId, fenced) =>
		fenced
			? { sql: "update jobs set state = 'running', term = ? where id = ? and term < ?", params: [fence, rowId, fence] }
			: { sql: "update jobs set state = 'running', term = ? where id = ?", params: [fence, rowId] },
	names: {
		elections: "the lock `elections` of the worker's store: `hold(key, fn, options)` (resolves to what `fn` returns; throws a LockError whose code is `held` when its wait runs out), `tryHold(key, fn, options)` (resolves to `undefined`, without calling `fn`, when the key is taken); its key is the scene's (`leader`)",
		store: "the worker's store (the lock actor it is linked to): `lock(name)`, `semaphore(name, { limit })`",
		connect: "`await connect(url)`: a client of the worker's store",
		jobId: "the job's id: the row the leaders write",
		worker: "the worker's id, its actor's (`'a'`, `'b'`): every worker runs the same program, and one that must act otherwise (wait less, never save) branches on it, as a real process would on its own configuration (`wait: worker === 'b' ? '2s' : '30s'`)",
		next: "the job's next state, `'running'`",
		db: "`db.exec` as a template tag: one insert, update or replace on the worker's database (no reads), its `${values}` bound as parameters; the table is `jobs (id, state, term)`",
		lead: "`await lead(term, signal)`: a leader's work, done at once",
		fenceText: "`fenceText(fence)`: the fence as 40 zero-padded digits, which compare as text in the fences' order",
		expect: "`expect(value).toBe(expected)`: a test's check; it throws when they differ",
	},
	prelude(ports: SamplePorts) {
		return {
			get elections() {
				return ports.store().lock('elections')
			},
			get store() {
				return ports.store()
			},
			connect: ports.call(async (url: unknown) => ports.store(url)),
			jobId: JOB_ID,
			worker: ports.worker,
			next: 'running',
			db: { exec: async (strings: TemplateStringsArray, ...values: unknown[]) => ports.write(strings.join('?'), values) },
			lead: ports.call(async (..._args: unknown[]) => undefined),
			fenceText: ports.call((value: unknown) => fenceText(fenceParameter('fenceText', value))),
			expect: ports.call(expecting(ports.failed)),
		}
	},
}
