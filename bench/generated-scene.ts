/**
 * Scenes of the seed's two workers, written as an author would: of any length for the benchmarks,
 * and the header the unit tests' small scenes of the same cast start with.
 */

/**
 * The seed's scene's header: its code sample (one line) and any settings (`ttl 1h`), then its cast,
 * workers A and B, the lock and chat.db, each worker linked to both, the row's fence at 0.
 */
export function twoWorkers(code: string, settings: string[] = []): string[] {
	return [
		'code ts',
		`  ${code}`,
		'end',
		...settings,
		'actor a "Worker A" at 10,25 icon=cpu',
		'actor b "Worker B" at 10,75 icon=cpu',
		'actor lock "Lock" at 50,50 icon=lock',
		'actor db "chat.db" at 90,50 icon=database',
		'link a lock',
		'link b lock',
		'link a db',
		'link b db',
		'set db "fence 0"',
	]
}

/** A scene of `steps` steps: two workers take turns, each holding again and again (its code loops), each lease running out (the sample does not renew), each write fenced. */
export function generated(steps: number): string {
	const lines = twoWorkers('for (;;) await summaries.hold(chatId, async lease => save(chatId, text, lease.fence), { renew: false })')
	for (let i = 1; i <= steps; i++) {
		const worker = i % 2 === 1 ? 'a' : 'b'
		lines.push(`step "Worker ${worker.toUpperCase()} holds the key with fence ${i} and saves." line=1`)
		lines.push(`  send lock -> ${worker} "fence ${i}"`)
		lines.push(`  send ${worker} -> db "save, fence ${i}" color=ok`)
		lines.push(`  set db "fence ${i}"`)
	}
	return lines.join('\n')
}
