/**
 * The built site for the browser benchmarks: `astro build`, timed, and dist/ served on localhost as a static host would.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Builds the site in `root` (or the Astro project at `project`, relative to it); the build's time in ms. */
export function build(root: string, project?: string): number {
	const start = performance.now()
	const args = ['astro', 'build', ...(project ? ['--root', project] : [])]
	const result = spawnSync('npx', args, { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
	const ms = performance.now() - start
	if (result.status !== 0) {
		process.stderr.write(result.stdout + result.stderr)
		throw new Error(`astro build failed (exit ${result.status})`)
	}
	return ms
}

const types: Record<string, string> = {
	'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
	'.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.xml': 'application/xml',
	'.txt': 'text/plain',
}

/** What a static host compresses: text and wasm, not images already compressed. */
const compressible = new Set(['.html', '.js', '.css', '.wasm', '.svg', '.json', '.xml', '.txt'])

export interface ServeOptions {
	/** Gzip what a static host would, for a client that accepts it (level 6, zlib's default, as hosts use). */
	gzip?: boolean
}

/** Serves `dist` on a free port of localhost. */
export async function serve(dist: string, options: ServeOptions = {}): Promise<{ origin: string; close: () => void }> {
	const gzipped = new Map<string, Buffer>()
	const server = createServer((request, response) => {
		const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
		let file = join(dist, path)
		try {
			if (statSync(file).isDirectory()) file = join(file, 'index.html')
			const body = readFileSync(file)
			const headers: Record<string, string> = { 'content-type': types[extname(file)] ?? 'application/octet-stream' }
			const gzip = options.gzip && compressible.has(extname(file)) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
			if (!gzip) {
				response.writeHead(200, headers).end(body)
				return
			}
			let packed = gzipped.get(file)
			if (!packed) gzipped.set(file, (packed = gzipSync(body)))
			response.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': String(packed.length), vary: 'accept-encoding' }).end(packed)
		} catch {
			response.writeHead(404).end('not found')
		}
	})
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
	return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}
