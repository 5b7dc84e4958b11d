/**
 * The Astro integration that checks scenes in Node: the remark plugin wired to the guarded check, a
 * pool of checker processes that run each scene on the engine on better-sqlite3 (src/scenes/guarded/).
 */
import type { AstroIntegration } from 'astro'
import { isUnifiedProcessor, type UnifiedResolvedOptions } from '@astrojs/markdown-remark'
import { fileURLToPath } from 'node:url'
import { renderStages } from '../render/index.ts'
import { CheckPool, limitsFromEnv } from '../guarded/index.ts'
import { remarkClaimDocs } from './remark-claim-docs.ts'
import { remarkScenes } from './remark-scenes.ts'
import { SceneFiles } from './scene-files.ts'

/**
 * Adds the scene plugin to Markdown and MDX; `astro build` fails on a scene with errors, `astro dev`
 * shows them. A page's later scenes' data is published as files (scene-files.ts): written into the
 * build's output, served from memory by the dev server.
 */
export function scenes(): AstroIntegration {
	let pool: CheckPool | undefined
	let files = new SceneFiles()
	return {
		name: 'tinystore-scenes',
		hooks: {
			'astro:config:setup': ({ command, config, logger }) => {
				// Its checkers start at the first scene, so `astro sync` and `astro preview` start none.
				pool?.close()
				const checks = new CheckPool(limitsFromEnv(process.env))
				pool = checks
				files = new SceneFiles(config.base)
				const published = files
				const plugin = remarkScenes({
					compile: (source, origin, options) => checks.check(source, origin, options),
					render: renderStages,
					// SCENES_ERRORS=show builds a site that shows scene errors as the dev server does (the
					// browser tests build one to prove a wrong number makes them fail).
					mode: command === 'build' && process.env['SCENES_ERRORS'] !== 'show' ? 'build' : 'dev',
					root: fileURLToPath(config.root),
					report: message => logger.error(`scene errors:\n${message}`),
					publish: (file, data) => published.publish(file, data),
				})
				const claimDocs = remarkClaimDocs({ compile: (source, file) => checks.check(source, { file }) })
				// As Starlight adds its own: onto the unified processor the config names (Astro 7's way for remark plugins).
				const processor = config.markdown.processor as { name: string; options: UnifiedResolvedOptions }
				if (!isUnifiedProcessor(processor)) {
					throw new Error(`scenes: markdown.processor is "${processor.name}"; scenes are remark plugins and need unified() from @astrojs/markdown-remark`)
				}
				processor.options.remarkPlugins.push(() => plugin, () => claimDocs)
			},
			'astro:build:start': () => pool?.warm(),
			'astro:server:start': () => pool?.warm(),
			'astro:server:setup': ({ server }) => {
				server.middlewares.use((request, response, next) => {
					const json = request.url ? files.read(request.url) : undefined
					if (json === undefined) return next()
					response.setHeader('Content-Type', 'application/json')
					response.end(json)
				})
			},
			'astro:build:done': ({ dir, logger }) => {
				pool?.close()
				logger.info(`${files.write(fileURLToPath(dir))} later scenes' data written as files`)
			},
			'astro:server:done': () => pool?.close(),
		},
	}
}
