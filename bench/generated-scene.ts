/**
 * Scenes of any length for the benchmarks, written as an author would.
 */

/** A scene of `steps` steps: two workers take turns, each holding again and again (its code loops), each lease running out (the sample does not renew), each write fenced. */
export function generated(steps: number): string {
	const lines = [
		'code ts',
		'  for (;;) await summaries.hold(chatId, async lease => save(chatId, text, lease.fence), { renew: false })',
		'end',
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
	for (let i = 1; i <= steps; i++) {
		const worker = i % 2 === 1 ? 'a' : 'b'
		lines.push(`step "Worker ${worker.toUpperCase()} holds the key with fence ${i} and saves." line=1`)
		lines.push(`  send lock -> ${worker} "fence ${i}"`)
		lines.push(`  send ${worker} -> db "save, fence ${i}" color=ok`)
		lines.push(`  set db "fence ${i}"`)
	}
	return lines.join('\n')
}
