import { readdirSync, readFileSync } from 'node:fs'

/** How many more files this process may open: its soft open-file limit less those open now; undefined where the system does not say (not Linux). */
export function openFilesLeft(): number | undefined {
	try {
		const limits = readFileSync('/proc/self/limits', 'utf8')
		const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1]
		if (soft === undefined || soft === 'unlimited') return undefined
		return Number(soft) - readdirSync('/proc/self/fd').length
	} catch {
		return undefined
	}
}
