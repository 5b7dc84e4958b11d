/**
 * A Vite plugin for the browser's bundles (pages and workers): a Node built-in imported into one
 * is replaced by a module that throws, saying which built-in and which file imported it. Left alone,
 * Vite's production build puts an empty object in its place (`__vite-browser-external`), warning
 * only for our own source and not at all for a package's, so neither the page nor the output shows
 * it. With this, the text is in the built JavaScript for `tests/e2e/browser-bundles.spec.ts` to find
 * in dist/, and the page fails where it would have read undefined.
 */
import { isBuiltin } from 'node:module'
import { relative } from 'node:path'
import type { Plugin } from 'vite'

/** How the stand-in's error starts: `Node built-in in a browser bundle: "node:fs", imported by src/x.ts`. */
export const NODE_BUILT_IN_MESSAGE = 'Node built-in in a browser bundle: '

const EMPTY_STAND_IN = '__vite-browser-external'
const STAND_IN_PREFIX = '\0node-built-in-stand-in:'

/** The plugin; the server's bundles (ssr) are left to Vite. */
export function nodeBuiltInStandIn(): Plugin {
	const messages = new Map<string, string>()
	return {
		name: 'tinystore-node-built-in-stand-in',
		enforce: 'pre',
		apply: 'build',
		async resolveId(source, importer, options) {
			if (options.ssr || !isBuiltin(source)) return null
			// A package named like a built-in (a browser polyfill such as `events`) resolves to its file and stays.
			const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
			if (!resolved?.id.startsWith(EMPTY_STAND_IN)) return resolved
			const name = source.startsWith('node:') ? source : `node:${source}`
			const from = importer === undefined ? 'an entry' : relative(process.cwd(), importer)
			const id = `${STAND_IN_PREFIX}${messages.size}`
			messages.set(id, `${NODE_BUILT_IN_MESSAGE}${JSON.stringify(name)}, imported by ${from}`)
			return id
		},
		load(id) {
			const message = messages.get(id)
			return message === undefined ? null : `throw new Error(${JSON.stringify(message)})\nexport default {}\n`
		},
	}
}
