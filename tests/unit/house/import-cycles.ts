/**
 * File import cycles in the project's source: files that reach themselves through their imports,
 * type-only imports included (a cycle of types still ties the files together for a reader), each
 * reported as a chain of files.
 */
import type { SourceImport } from './source-imports.ts'

/**
 * The cycles of the import graph: for each group of files that reach one another, the shortest
 * cycle through each of its files, as a chain from its first file (in path order) back to it;
 * every cycle once, in path order.
 */
export function importCycles(imports: readonly SourceImport[]): string[][] {
	const graph = new Map<string, string[]>()
	for (const item of imports) {
		if (!item.ours || item.computed) continue
		const next = graph.get(item.file) ?? []
		if (!next.includes(item.target)) next.push(item.target)
		graph.set(item.file, next)
	}
	for (const next of graph.values()) next.sort()
	const found = new Map<string, string[]>()
	for (const file of [...graph.keys()].sort()) {
		const cycle = shortestCycle(file, graph)
		if (!cycle) continue
		const chain = fromFirst(cycle)
		found.set(chain.join(' -> '), chain)
	}
	return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, chain]) => chain)
}

/** A cycle as a chain: `a -> b -> c -> a`. */
export function chainText(cycle: readonly string[]): string {
	return cycle.join(' -> ')
}

/** The shortest path from `file` back to itself (breadth first), without the repeated last file. */
function shortestCycle(file: string, graph: ReadonlyMap<string, string[]>): string[] | undefined {
	const cameFrom = new Map<string, string>()
	const queue = [file]
	for (let i = 0; i < queue.length; i++) {
		const at = queue[i]!
		for (const next of graph.get(at) ?? []) {
			if (next === file) {
				const path = [at]
				while (path[0] !== file) path.unshift(cameFrom.get(path[0]!)!)
				return path
			}
			if (cameFrom.has(next) || next === file) continue
			cameFrom.set(next, at)
			queue.push(next)
		}
	}
	return undefined
}

/** The cycle turned to start at its first file in path order, and closed: `[a, b, c, a]`. */
function fromFirst(cycle: string[]): string[] {
	const first = cycle.indexOf([...cycle].sort()[0]!)
	const turned = [...cycle.slice(first), ...cycle.slice(0, first)]
	return [...turned, turned[0]!]
}
