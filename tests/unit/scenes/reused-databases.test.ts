// The build hands an emptied database from one scene to the next (reused-databases.ts). A scene
// must not be able to tell: a reused database shows the tables its first statement made and no
// rows, and anything that could differ from a fresh one (rows that statement wrote, a schema
// changed since, a transaction left open, bytes of a backup) gets a new database instead. Every
// scene of the site and every fixture gives the same frames and diagnostics either way.
import { describe, expect, it } from 'vitest'
import { openFreshNodeDriver, openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { KEPT_KINDS, KEPT_PER_KIND, reuseEmptyDatabases } from '../../../src/scenes/node-sqlite/reused-databases.ts'
import type { ReuseCounts } from '../../../src/scenes/node-sqlite/reused-databases.ts'
import { simulateScene } from '../../../src/scenes/simulation/simulate.ts'
import type { OpenDriver } from '../../../src/scenes/simulation/simulate.ts'
import { SimulatedClock, Store } from '../../../engine/index.ts'
import type { SqliteDriver } from '../../../engine/index.ts'
import { everyScene as scenes } from './every-scene.ts'

const TABLE = 'create table chats (id text primary key, summary text not null default \'\')'

function opener(): { open: ReturnType<typeof reuseEmptyDatabases>; counts: ReuseCounts } {
	const counts: ReuseCounts = { opened: 0, reused: 0 }
	return { open: reuseEmptyDatabases(openFreshNodeDriver, counts), counts }
}

describe('an emptied database goes to the next scene that makes the same tables', () => {
	it('reuses a closed database for the same first statement, with its tables and no rows', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(TABLE)
		first.run('insert into chats (id, summary) values (?, ?)', ['42', 'kept?'])
		first.close()
		const second = open()
		second.exec(TABLE)
		expect(counts).toEqual({ opened: 1, reused: 1 })
		expect(second.all('select * from chats')).toEqual([])
		second.run('insert into chats (id) values (?)', ['7'])
		expect(second.all('select id, summary from chats')).toEqual([{ id: '7', summary: '' }])
		second.close()
	})

	it('opens a new database for another first statement, or a first statement that is not an exec', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(TABLE)
		first.close()
		const other = open()
		other.exec('create table meta (key text primary key, value integer not null)')
		expect(other.get(`select count(*) as n from sqlite_master where name = 'chats'`)).toEqual({ n: 0 })
		const reading = open()
		expect(reading.get(`select count(*) as n from sqlite_master`)).toEqual({ n: 0 })
		expect(counts).toEqual({ opened: 3, reused: 0 })
		other.close()
		reading.close()
	})

	it('does not keep a database whose first statement also wrote rows', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(`${TABLE}; insert into chats (id) values ('seeded')`)
		first.close()
		const second = open()
		second.exec(`${TABLE}; insert into chats (id) values ('seeded')`)
		expect(second.all('select id from chats')).toEqual([{ id: 'seeded' }])
		expect(counts.reused).toBe(0)
		second.close()
	})

	it('does not keep a database that ran anything but reading and writing rows after its first statement, and the next one is fresh', () => {
		// What a connection holds besides rows, as a new database with the same tables has it.
		const stateOf = (db: SqliteDriver) =>
			db.get(`select (select count(*) from sqlite_master) as objects, (select user_version from pragma_user_version) as user,
				(select application_id from pragma_application_id) as app, (select foreign_keys from pragma_foreign_keys) as keys,
				(select recursive_triggers from pragma_recursive_triggers) as triggers, (select count(*) from sqlite_temp_master) as temp,
				(select count(*) from pragma_database_list) as dbs`)
		const fresh = openFreshNodeDriver()
		fresh.exec(TABLE)
		for (const later of [
			(db: SqliteDriver) => db.exec("insert into chats (id) values ('by exec')"),
			(db: SqliteDriver) => db.exec('create index chats_summary on chats (summary)'),
			(db: SqliteDriver) => db.run('create index chats_summary on chats (summary)'),
			(db: SqliteDriver) => db.exec('pragma user_version = 5'),
			(db: SqliteDriver) => db.run('pragma application_id = 7'),
			(db: SqliteDriver) => db.run('pragma foreign_keys = off'),
			(db: SqliteDriver) => db.run('/* a comment first */ pragma recursive_triggers = 1'),
			(db: SqliteDriver) => db.exec('create temp table scratch (x)'),
			(db: SqliteDriver) => db.exec("attach ':memory:' as other"),
			(db: SqliteDriver) => db.run('savepoint s'),
		]) {
			const { open, counts } = opener()
			const first = open()
			first.exec(TABLE)
			later(first)
			first.close()
			const second = open()
			second.exec(TABLE)
			expect(counts.reused, later.toString()).toBe(0)
			expect(stateOf(second), later.toString()).toEqual(stateOf(fresh))
			second.close()
		}
		fresh.close()
	})

	it('keeps only what a first statement of tables and indexes made: no trigger, view, temporary table, attachment or open transaction', () => {
		for (const extra of [
			"create table log (v); create trigger refill after delete on log begin insert into chats (id) values ('from a trigger'); end",
			'create view summaries as select summary from chats',
			'create temp table scratch (v)',
			"attach ':memory:' as other; create table other.u (v)",
			'begin',
		]) {
			const { open, counts } = opener()
			const first = open()
			first.exec(`${TABLE}; ${extra}`)
			first.close()
			open().exec(`${TABLE}; ${extra}`)
			expect(counts.reused, extra).toBe(0)
		}
		const { open, counts } = opener()
		const first = open()
		first.exec(`${TABLE}; create index chats_summary on chats (summary)`)
		first.close()
		open().exec(`${TABLE}; create index chats_summary on chats (summary)`)
		expect(counts.reused).toBe(1)
	})

	it('empties every table it made, AUTOINCREMENT\'s counters and a table whose name starts with "sqlite" included', () => {
		const { open, counts } = opener()
		const schema = 'create table t (id integer primary key autoincrement, v text); create table sqlitelog (v text)'
		const first = open()
		first.exec(schema)
		first.run("insert into t (v) values ('x')")
		first.run("insert into t (v) values ('y')")
		first.run("insert into sqlitelog values ('left behind?')")
		first.close()
		const second = open()
		second.exec(schema)
		expect(counts.reused).toBe(1)
		second.run("insert into t (v) values ('z')")
		expect(second.all('select id from t')).toEqual([{ id: 1 }])
		expect(second.all('select * from sqlitelog')).toEqual([])
	})

	it('gives a backup the bytes of a fresh database\'s, and does not keep one that freed pages', async () => {
		const { open, counts } = opener()
		const fresh = openFreshNodeDriver()
		fresh.exec(TABLE)
		fresh.run('insert into chats (id) values (?)', ['42'])
		const first = open()
		first.exec(TABLE)
		first.run('insert into chats (id, summary) values (?, ?)', ['SECRET', 'an earlier scene\'s words'])
		first.close()
		const reused = open()
		reused.exec(TABLE)
		reused.run('insert into chats (id) values (?)', ['42'])
		expect(counts.reused).toBe(1)
		expect(Buffer.from(reused.serialize()).equals(Buffer.from(fresh.serialize()))).toBe(true)
		// A store's kv.db: its epoch row written by an earlier open with a longer number.
		const kvFresh = openFreshNodeDriver()
		await (await Store.open({ sqlite: kvFresh, clock: new SimulatedClock(5) })).close()
		const kvEarlier = open()
		await (await Store.open({ sqlite: kvEarlier, clock: new SimulatedClock(123_456_789_012) })).close()
		kvEarlier.close()
		const kvReused = open()
		await (await Store.open({ sqlite: kvReused, clock: new SimulatedClock(5) })).close()
		expect(counts.reused).toBe(2)
		expect(Buffer.from(kvReused.serialize()).equals(Buffer.from(kvFresh.serialize())), 'kv.db').toBe(true)
		kvReused.close()
		kvFresh.close()
		// Enough rows to span pages: deleting them frees pages, so it is closed rather than kept.
		for (let i = 0; i < 200; i++) reused.run('insert into chats (id, summary) values (?, ?)', [`row ${i}`, 'x'.repeat(200)])
		reused.close()
		open().exec(TABLE)
		expect(counts.reused).toBe(2)
		fresh.close()
	})

	it('does not keep a database closed inside a transaction, and its writes are not seen', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(TABLE)
		first.exec('begin')
		first.run('insert into chats (id) values (?)', ['half'])
		first.close()
		const second = open()
		second.exec(TABLE)
		expect(second.all('select * from chats')).toEqual([])
		expect(counts.reused).toBe(0)
		second.close()
	})

	it('never keeps a database opened from bytes', () => {
		const { open, counts } = opener()
		const source = open()
		source.exec(TABLE)
		source.run('insert into chats (id) values (?)', ['backed up'])
		const restored = open(source.serialize())
		expect(restored.all('select id from chats')).toEqual([{ id: 'backed up' }])
		restored.close()
		source.close()
		const next = open()
		next.exec(TABLE)
		// The kept one is the emptied source, not the restored copy with its row.
		expect(next.all('select * from chats')).toEqual([])
		expect(counts).toEqual({ opened: 2, reused: 1 })
		next.close()
	})

	it('is kept once however often it is closed, and refuses use after close', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(TABLE)
		first.close()
		first.close()
		expect(() => first.get('select 1')).toThrow(/closed/)
		expect(() => first.exec(TABLE)).toThrow(/closed/)
		const a = open()
		a.exec(TABLE)
		const b = open()
		b.exec(TABLE)
		// Two open at once never share one connection.
		a.run('insert into chats (id) values (?)', ['a'])
		expect(b.all('select * from chats')).toEqual([])
		expect(counts).toEqual({ opened: 2, reused: 1 })
		a.close()
		b.close()
	})

	it(`keeps at most ${KEPT_KINDS} kinds`, () => {
		const { open, counts } = opener()
		const kinds = Array.from({ length: KEPT_KINDS + 4 }, (_, i) => `create table t${i} (v)`)
		for (const kind of kinds) {
			const db = open()
			db.exec(kind)
			db.close()
		}
		for (const kind of kinds) open().exec(kind)
		expect(counts.reused).toBe(KEPT_KINDS)
	})

	it(`keeps at most ${KEPT_PER_KIND} of a kind`, () => {
		const { open, counts } = opener()
		const many = Array.from({ length: KEPT_PER_KIND + 3 }, () => {
			const db = open()
			db.exec(TABLE)
			return db
		})
		for (const db of many) db.close()
		for (let i = 0; i < KEPT_PER_KIND + 3; i++) open().exec(TABLE)
		// The three over the bound were closed: only as many are served again.
		expect(counts).toEqual({ opened: KEPT_PER_KIND + 6, reused: KEPT_PER_KIND })
	})
})

/** An opener whose databases' backups (serialize) are kept, as hex, in the order they were taken. */
function recordingBackups(open: OpenDriver): { open: OpenDriver; backups: string[] } {
	const backups: string[] = []
	return {
		backups,
		open: (bytes, owner) => {
			const driver = open(bytes, owner)
			return {
				exec: sql => driver.exec(sql),
				run: (sql, params) => driver.run(sql, params),
				get: (sql, params) => driver.get(sql, params),
				all: (sql, params) => driver.all(sql, params),
				serialize: () => {
					const taken = driver.serialize()
					backups.push(Buffer.from(taken).toString('hex'))
					return taken
				},
				close: () => driver.close(),
			} as SqliteDriver
		},
	}
}

describe('a scene cannot tell a reused database from a new one', () => {
	it('runs the build on reused databases', async () => {
		const counts: ReuseCounts = { opened: 0, reused: 0 }
		const open = reuseEmptyDatabases(openFreshNodeDriver, counts)
		for (const { scene } of scenes.slice(0, 5)) await simulateScene(scene, { openDriver: open })
		expect(counts.reused).toBeGreaterThan(0)
		expect(openNodeDriver).not.toBe(openFreshNodeDriver)
	})

	// Every scene of the site and every fixture, three times over: a corpus check, given the time it takes on a busy machine.
	// Without the "did you mean" offers: they are worked out from the run's facts alone, like the
	// diagnostics compared here, and are most of the time a lying fixture takes.
	it('gives every scene and fixture the same frames, diagnostics and backup bytes, each run after all the others', async () => {
		expect(scenes.length).toBeGreaterThan(50)
		const open = reuseEmptyDatabases(openFreshNodeDriver)
		// Every scene once first, so each later run gets databases other scenes emptied.
		for (const { scene } of scenes) await simulateScene(scene, { openDriver: open, offers: false })
		const differ: string[] = []
		let backups = 0
		for (const { name, scene } of scenes) {
			const fresh = recordingBackups(openFreshNodeDriver)
			const reused = recordingBackups(open)
			const freshFrames = await simulateScene(scene, { openDriver: fresh.open, offers: false })
			const reusedFrames = await simulateScene(scene, { openDriver: reused.open, offers: false })
			if (JSON.stringify(reusedFrames) !== JSON.stringify(freshFrames)) differ.push(`${name}: frames`)
			if (JSON.stringify(reused.backups) !== JSON.stringify(fresh.backups)) differ.push(`${name}: backup bytes`)
			backups += fresh.backups.length
		}
		expect(differ).toEqual([])
		expect(backups, 'scenes that back up a store, whose bytes were compared').toBeGreaterThan(0)
	}, 900_000)
})
