// The JavaScript the built site sends to browsers (pages, workers, search) imports no Node built-in:
// read from dist/, as built. Where Vite would put an empty object for one, the build puts a module that
// throws, naming the built-in and its importer (src/site/node-built-in-stand-in.ts), so one that slips
// in shows here with the bundle, its place, and the source file that imported it.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from '@playwright/test'
import { builtPages, DIST } from './built-site.ts'
import { NODE_BUILT_IN_MESSAGE } from '../../src/site/node-built-in-stand-in.ts'
import { nodeImportsIn } from './node-imports.ts'

/** Every JavaScript file under dist/, from dist/. */
function scripts(): string[] {
	return readdirSync(DIST, { recursive: true, withFileTypes: true })
		.filter(entry => entry.isFile() && /\.m?js$/.test(entry.name))
		.map(entry => relative(DIST, join(entry.parentPath, entry.name)))
		.sort()
}

test('no JavaScript of the built site imports a Node built-in', () => {
	builtPages()
	const files = scripts()
	// The scene player, "Play it yourself" and the playground's worker are among them.
	for (const name of ['play-panel', 'verify-scene', 'compile-worker']) expect(files.some(file => file.includes(name))).toBe(true)
	const found = files.flatMap(file =>
		nodeImportsIn(readFileSync(join(DIST, file), 'utf8')).map(({ line, column, specifier }) => `dist/${file}:${line}:${column}: ${specifier.startsWith(NODE_BUILT_IN_MESSAGE) ? specifier : `imports "${specifier}"`}`),
	)
	expect(found).toEqual([])
})

test('the check finds a Node built-in however a bundle imports it', () => {
	const bundle = [
		'import{join as o}from"node:path";import*as f from"fs";export{r}from"node:fs/promises";',
		'const c=await import("child_process"),u=require("url"),s=await import("./verify-scene.js");',
		'import"./__vite-browser-external.js";const n={};export default n;',
		`(function(){throw new Error(${JSON.stringify(`${NODE_BUILT_IN_MESSAGE}"node:os", imported by src/playground/compile-worker.ts`)})})();`,
	].join('\n')
	expect(nodeImportsIn(bundle)).toEqual([
		{ line: 1, column: 22, specifier: 'node:path' },
		{ line: 1, column: 50, specifier: 'fs' },
		{ line: 1, column: 68, specifier: 'node:fs/promises' },
		{ line: 2, column: 22, specifier: 'child_process' },
		{ line: 2, column: 49, specifier: 'url' },
		{ line: 3, column: 7, specifier: './__vite-browser-external.js' },
		{ line: 4, column: 29, specifier: 'Node built-in in a browser bundle: "node:os", imported by src/playground/compile-worker.ts' },
	])
})
