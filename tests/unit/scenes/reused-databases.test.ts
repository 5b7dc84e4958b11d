// The build hands an emptied database from one scene to the next (reused-databases.ts). A scene
// must not be able to tell: a reused database shows the tables its first statement made and no
// rows, and anything that could differ from a fresh one (rows that statement wrote, a schema
// changed since, a transaction left open, bytes of a backup) gets a new database instead. Every
// scene of the site and every fixture gives the same frames and diagnostics either way.
import { describe, expect, it } from 'vitest'
import { openFreshNodeDriver, openNodeDriver } from '../../../src/scenes/build/node-drivers.ts'
import { KEPT_PER_KIND, reuseEmptyDatabases } from '../../../src/scenes/build/reused-databases.ts'
import type { ReuseCounts } from '../../../src/scenes/build/reused-databases.ts'
import { simulateScene } from '../../../src/scenes/simulation/simulate.ts'
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

	it('does not keep a database whose schema changed after its first statement', () => {
		const { open, counts } = opener()
		const first = open()
		first.exec(TABLE)
		first.exec('create index chats_summary on chats (summary)')
		first.close()
		const second = open()
		second.exec(TABLE)
		expect(second.get(`select count(*) as n from sqlite_master where type = 'index' and name = 'chats_summary'`)).toEqual({ n: 0 })
		expect(counts.reused).toBe(0)
		second.close()
	})

	it('does not keep a database whose header, temporary tables or attachments changed', () => {
		for (const change of ['pragma user_version = 5', 'pragma application_id = 7', 'create temp table scratch (x)', "attach ':memory:' as other"]) {
			const { open, counts } = opener()
			const first = open()
			first.exec(TABLE)
			first.exec(change)
			first.close()
			const second = open()
			second.exec(TABLE)
			expect(second.get('select (select user_version from pragma_user_version) as user, (select application_id from pragma_application_id) as app, (select count(*) from sqlite_temp_master) as temp, (select count(*) from pragma_database_list) as dbs'), change).toEqual({ user: 0, app: 0, temp: 0, dbs: 2 })
			expect(counts.reused, change).toBe(0)
			second.close()
		}
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

describe('a scene cannot tell a reused database from a new one', () => {
	it('runs the build on reused databases', async () => {
		const counts: ReuseCounts = { opened: 0, reused: 0 }
		const open = reuseEmptyDatabases(openFreshNodeDriver, counts)
		for (const { scene } of scenes.slice(0, 5)) await simulateScene(scene, { openDriver: open })
		expect(counts.reused).toBeGreaterThan(0)
		expect(openNodeDriver).not.toBe(openFreshNodeDriver)
	})

	it('gives every scene and fixture the same frames and diagnostics, each run after all the others', async () => {
		expect(scenes.length).toBeGreaterThan(50)
		const open = reuseEmptyDatabases(openFreshNodeDriver)
		// Every scene once first, so each later run gets databases other scenes emptied.
		for (const { scene } of scenes) await simulateScene(scene, { openDriver: open })
		const differ: string[] = []
		for (const { name, scene } of scenes) {
			const fresh = await simulateScene(scene, { openDriver: openFreshNodeDriver })
			const reused = await simulateScene(scene, { openDriver: open })
			if (JSON.stringify(reused) !== JSON.stringify(fresh)) differ.push(name)
		}
		expect(differ).toEqual([])
	})
})
