import { createHash } from 'node:crypto'
import { mkdirSync, realpathSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { LockError } from '../engine/index.ts'

/** A store directory this process serves, claimed until it exits or lets go. */
export interface DirectoryClaim {
	release(): void
}

/**
 * Claims a store directory for this process in a namespace no file removal reaches (Linux's
 * abstract sockets, which the system lets go of when the process dies): a second server on the
 * directory is refused with `in_use` even after kv.db and kv.lock were deleted under the first.
 * Elsewhere it claims nothing, and kv.lock alone keeps a second server out.
 */
export async function claimDirectory(dir: string): Promise<DirectoryClaim> {
	const unclaimed = { release() {} }
	if (process.platform !== 'linux') return unclaimed
	let path: string
	try {
		mkdirSync(dir, { recursive: true })
		path = realpathSync(dir)
	} catch {
		// Not a directory that can be made: opening the store says why, with the path.
		return unclaimed
	}
	// An abstract name has at most 107 bytes: the path's hash stands for it.
	const name = `\0tinystore-locks/${createHash('sha256').update(path).digest('hex')}`
	const claim = createServer(socket => {
		socket.on('error', () => {})
		socket.end(String(process.pid))
	})
	try {
		await new Promise<void>((resolve, reject) => {
			claim.once('error', reject)
			claim.listen({ path: name }, () => {
				claim.off('error', reject)
				resolve()
			})
		})
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
		const pid = await holderOf(name)
		throw new LockError('in_use', `store ${dir}: another lock server serves this directory${pid === '' ? '' : ` (process ${pid})`}; a directory is served by one server at a time`)
	}
	claim.unref()
	return { release: () => void claim.close() }
}

// The process id the claiming server tells, or '' when it does not answer within a second.
function holderOf(name: string): Promise<string> {
	return new Promise(resolve => {
		let text = ''
		const socket = createConnection({ path: name })
		const done = () => {
			socket.destroy()
			resolve(/^\d+$/.test(text) ? text : '')
		}
		socket.setTimeout(1000, done)
		socket.on('data', chunk => (text += chunk))
		socket.on('end', done)
		socket.on('error', done)
	})
}
