/**
 * The docs collection: every page under the top-level `content/` folder, read with Starlight's schema.
 */
import { defineCollection } from 'astro:content'
import { glob } from 'astro/loaders'
import { docsSchema } from '@astrojs/starlight/schema'

// Starlight's own loader looks only in src/content/docs; the guides live in content/ (DESIGN.md).
export const collections = {
	docs: defineCollection({
		loader: glob({ base: './content', pattern: '**/[^_]*.{md,mdx}' }),
		schema: docsSchema(),
	}),
}
