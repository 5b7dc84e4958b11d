/**
 * The code sample's TTL against the scene's: a sample that writes a literal TTL (`ttl: '10s'`,
 * `ttl: 10_000`, `--ttl 10s`, `"ttl": 10000`) tells the reader how long the scene's leases last,
 * so it must say the scene's. A TTL held in a name is code, not a claim, and is left alone.
 */
import type { Code, Position } from '../../../scene-parser/index.ts'
import { formatDuration, parseDuration } from '../../../engine/index.ts'

const TTL = /(?:\bttl["']?\s*[:=]\s*|--ttl[= ]\s*)(?:(["'])(\d+(?:\.\d+)?\s*(?:ms|s|min|m|h))\1|(\d[\d_]*)(?![\w.]))/gi

/** Each literal TTL of the sample that is not the scene's, with its place in the file. */
export function codeTtlProblems(code: Code | undefined, ttl: number): { position: Position; message: string }[] {
	if (!code) return []
	const problems: { position: Position; message: string }[] = []
	for (const [i, line] of code.lines.entries()) {
		for (const match of line.matchAll(TTL)) {
			const text = match[2] ?? match[3] ?? ''
			let ms: number
			try {
				ms = match[2] !== undefined ? parseDuration(text.replace(/\s+/g, '')) : Number(text.replace(/_/g, ''))
			} catch {
				continue
			}
			if (ms === ttl) continue
			const column = (match.index ?? 0) + match[0].length - text.length - (match[1] ? 1 : 0)
			problems.push({
				position: { line: code.start.line + i, column: code.start.column + column },
				message: `the code sample's TTL is ${formatDuration(ms)}, and the scene's leases last ${formatDuration(ttl)}; write ttl ${formatDuration(ms).replace(' ', '')} in the scene, or the sample's TTL as the scene's`,
			})
		}
	}
	return problems
}
