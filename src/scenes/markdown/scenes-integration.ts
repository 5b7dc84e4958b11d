/**
 * The Astro integration that compiles scenes in Node: the remark plugin wired to the engine on better-sqlite3.
 */
import type { AstroIntegration } from 'astro'
import { isUnifiedProcessor, type UnifiedResolvedOptions } from '@astrojs/markdown-remark'
import { fileURLToPath } from 'node:url'
import { compileScene } from '../simulation/index.ts'
import { renderStages } from '../render/index.ts'
import { openNodeDriver } from '../node-sqlite/node-drivers.ts'
import { compileSample } from '../sample/compile.ts'
import { remarkClaimDocs } from './remark-claim-docs.ts'
import { remarkScenes } from './remark-scenes.ts'

/** Adds the scene plugin to Markdown and MDX; `astro build` fails on a scene with errors, `astro dev` shows them. */
export function scenes(): AstroIntegration {
	return {
		name: 'tinystore-scenes',
		hooks: {
			'astro:config:setup': ({ command, config, logger }) => {
				const plugin = remarkScenes({
					compile: (source, origin, headings) => compileScene(source, origin, openNodeDriver, { compileSample, ...(headings ? { headings } : {}) }),
					render: renderStages,
					// SCENES_ERRORS=show builds a site that shows scene errors as the dev server does (the
					// browser tests build one to prove a wrong number makes them fail).
					mode: command === 'build' && process.env['SCENES_ERRORS'] !== 'show' ? 'build' : 'dev',
					root: fileURLToPath(config.root),
					report: message => logger.error(`scene errors:\n${message}`),
				})
				const claimDocs = remarkClaimDocs({ compile: (source, file) => compileScene(source, { file }, openNodeDriver, { compileSample }) })
				// As Starlight adds its own: onto the unified processor the config names (Astro 7's way for remark plugins).
				const processor = config.markdown.processor as { name: string; options: UnifiedResolvedOptions }
				if (!isUnifiedProcessor(processor)) {
					throw new Error(`scenes: markdown.processor is "${processor.name}"; scenes are remark plugins and need unified() from @astrojs/markdown-remark`)
				}
				processor.options.remarkPlugins.push(() => plugin, () => claimDocs)
			},
		},
	}
}
