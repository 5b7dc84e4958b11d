/**
 * The built site for the browser benchmarks: `astro build`, timed, and dist/ served on localhost as a static host would.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

/** Builds the site in `root`; the build's time in ms. */
export function build(root: string): number {
	const start = performance.now()
	const result = spawnSync('npx', ['astro', 'build'], { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
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
}

/** Serves `dist` on a free port of localhost. */
export async function serve(dist: string): Promise<{ origin: string; close: () => void }> {
	const server = createServer((request, response) => {
		const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
		let file = join(dist, path)
		try {
			if (statSync(file).isDirectory()) file = join(file, 'index.html')
			response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
			response.end(readFileSync(file))
		} catch {
			response.writeHead(404).end('not found')
		}
	})
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
	return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}
