/**
 * A small static file server for a built site in a folder, on 127.0.0.1 and a free port.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript',
	'.mjs': 'text/javascript',
	'.css': 'text/css',
	'.json': 'application/json',
	'.svg': 'image/svg+xml',
	'.wasm': 'application/wasm',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.txt': 'text/plain',
	'.xml': 'application/xml',
}

/** Serves `root`; resolves to its base URL and a function that stops it. */
export async function serveFolder(root: string): Promise<{ url: string; close: () => Promise<void> }> {
	const server: Server = createServer((request, response) => {
		const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
		let file = normalize(join(root, path))
		if (!file.startsWith(root)) {
			response.writeHead(403).end()
			return
		}
		if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
		if (!existsSync(file)) {
			response.writeHead(404).end('not found')
			return
		}
		response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
		createReadStream(file).pipe(response)
	})
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : 0
	return {
		url: `http://127.0.0.1:${port}`,
		close: () => new Promise<void>(resolve => server.close(() => resolve())),
	}
}
