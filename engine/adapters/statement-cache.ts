// Prepared statements kept by their SQL, so a driver call does not parse its SQL each
// time; the oldest goes when the cache is full.
const capacity = 100

/** Prepared statements by SQL, at most a hundred, the least recently added dropped first. */
export class StatementCache<S> {
	readonly #statements = new Map<string, S>()

	constructor(
		readonly prepare: (sql: string) => S,
		readonly drop: (statement: S) => void = () => {},
	) {}

	get(sql: string): S {
		let statement = this.#statements.get(sql)
		if (statement === undefined) {
			statement = this.prepare(sql)
			if (this.#statements.size >= capacity) {
				const [oldest, dropped] = this.#statements.entries().next().value as [string, S]
				this.#statements.delete(oldest)
				this.drop(dropped)
			}
			this.#statements.set(sql, statement)
		}
		return statement
	}

	/** Drops every statement (before the database closes). */
	clear(): void {
		for (const statement of this.#statements.values()) this.drop(statement)
		this.#statements.clear()
	}
}
