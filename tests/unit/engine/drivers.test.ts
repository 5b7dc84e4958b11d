import { describe, expect, it } from 'vitest'
import { driverKinds } from './fixtures/drivers.ts'

describe.each(driverKinds)('the $name driver', kind => {
	it('runs statements, counts changes and reads rows', () => {
		const db = kind.open()
		db.exec('create table t (id integer primary key, name text, data blob); create index t_name on t (name)')
		expect(db.run('insert into t (name) values (?), (?)', ['a', 'b'])).toEqual({ changes: 2 })
		expect(db.run('update t set name = ? where id = ?', ['c', 1])).toEqual({ changes: 1 })
		// An update that matched nothing says 0, not the count of the last change.
		expect(db.run('update t set name = ? where id = ?', ['x', 99])).toEqual({ changes: 0 })
		expect(db.run('select * from t')).toEqual({ changes: 0 })
		expect(db.get('select id, name from t where id = ?', [1])).toEqual({ id: 1, name: 'c' })
		expect(db.get('select id from t where id = ?', [99])).toBeUndefined()
		expect(db.all('select id, name from t order by id')).toEqual([
			{ id: 1, name: 'c' },
			{ id: 2, name: 'b' },
		])
		db.close()
	})

	it('keeps integers beyond 2^53 exact, as bigints, and smaller ones as numbers', () => {
		const db = kind.open()
		db.exec('create table n (v integer)')
		db.run('insert into n values (?), (?), (?)', [9007199254740993n, -9223372036854775808n, 42])
		expect(db.all<{ v: number | bigint }>('select v from n').map(row => row.v)).toEqual([9007199254740993n, -9223372036854775808n, 42])
		expect(db.get('select ? as v', [9007199254740991n])).toEqual({ v: 9007199254740991 })
		db.close()
	})

	it('stores and reads blobs and nulls', () => {
		const db = kind.open()
		db.exec('create table b (v blob)')
		db.run('insert into b values (?), (?)', [new Uint8Array([1, 2, 255]), null])
		const [blob, empty] = db.all<{ v: Uint8Array | null }>('select v from b')
		expect([...(blob?.v ?? [])]).toEqual([1, 2, 255])
		expect(empty?.v).toBeNull()
		db.close()
	})

	it('serializes to bytes that a new driver opens as a copy, and goes on working after', () => {
		const db = kind.open()
		db.exec('create table t (v text)')
		db.run('insert into t values (?)', ['before'])
		db.get('select v from t')
		const bytes = db.serialize()
		db.run('insert into t values (?)', ['after'])
		expect(db.all('select v from t')).toEqual([{ v: 'before' }, { v: 'after' }])
		const copy = kind.open(bytes)
		expect(copy.all('select v from t')).toEqual([{ v: 'before' }])
		copy.close()
		db.close()
	})

	it('throws SQLite errors as they are', () => {
		const db = kind.open()
		expect(() => db.run('insert into missing values (1)')).toThrow(/no such table: missing/)
		db.close()
	})
})

describe('the sql.js driver on durability', () => {
	it('runs with synchronous off and its journal in memory: its database is bytes in memory, which outlive nothing the caller does not save', () => {
		const db = driverKinds.find(kind => kind.name === 'sql.js')!.open()
		expect(db.get('pragma synchronous')).toEqual({ synchronous: 0 })
		expect(db.get('pragma journal_mode')).toEqual({ journal_mode: 'memory' })
		db.close()
	})
})
