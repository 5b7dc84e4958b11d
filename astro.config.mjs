// The docs site: Starlight over the guides in content/, with scenes compiled against the engine.
import { defineConfig } from 'astro/config'
import starlight from '@astrojs/starlight'
import mdx from '@astrojs/mdx'
import { unified } from '@astrojs/markdown-remark'
import { buildSidebar } from './src/site/sidebar.ts'
import { siteUrl } from './src/site/site-url.ts'
import { remarkSiteLinks } from './src/site/site-links.ts'
import { remarkCodeTabs } from './src/site/code-tabs.ts'
import starlightLlmsTxt from 'starlight-llms-txt'
import { linkCheck } from './src/site/link-check-integration.ts'
import { scenes } from './src/scenes/markdown/scenes-integration.ts'
import { nodeBuiltInStandIn } from './src/site/node-built-in-stand-in.ts'

const root = new URL('.', import.meta.url).pathname
const { sidebar, missing } = buildSidebar(root)
if (missing.length > 0) console.warn(`sidebar: not yet written, left out: ${missing.join(', ')}`)

export default defineConfig({
	// The sitemap and llms.txt need the published address; SITE_URL overrides it for another host.
	site: siteUrl(process.env.SITE_URL),
	vite: {
		// A Node built-in in a browser bundle becomes a module that throws, naming it, where a test looks for it in dist/.
		plugins: [nodeBuiltInStandIn()],
		worker: {
			// A module worker, so the playground's worker loads the sample compiler (Sucrase, Acorn) as a chunk of its own
			// when a scene's sample is first compiled, as a page does, rather than inline before any scene.
			format: 'es',
			plugins: () => [nodeBuiltInStandIn()],
			// The playground's worker names its files as the pages do, so the sql.js wasm it loads is the
			// same file (and the same cache entry) as the one the guides' scenes load.
			rollupOptions: { output: { assetFileNames: '_astro/[name].[hash][extname]' } },
		},
	},
	// unified (remark), not Astro's default Sätteri: the scenes, code tabs and site links are remark plugins.
	markdown: {
		processor: unified({ remarkPlugins: [remarkSiteLinks, remarkCodeTabs] }),
	},
	integrations: [
		scenes(),
		starlight({
			title: 'tinystore locks',
			description: 'Locks, leases and fences in tinystore, explained by scenes computed by a real lock engine.',
			sidebar,
			// llms-full.txt and llms-small.txt: a Markdown copy of the pages, a scene as its steps in text
			// (the step list, a <details>, which the small copy would otherwise drop). No file has the
			// player's UI: its buttons and counter, the live caption (the list's first line again), the
			// link to the playground. llms-small.txt, at most 100 KB (published-files.spec.ts), tells a
			// scene by its captions alone (no values, checks, state before the first step, code sample
			// or step links), a code sample in its first language only, and leaves out the pages a
			// reader of the guides' main path can do without: this site's authoring, the reference, the
			// handbook, and the guides on operating, clocks, other backends and other services.
			plugins: [starlightLlmsTxt({
				minify: { details: false },
				customSelectors: {
					all: ['.scene-controls', '[data-action="take-over"]', '.scene-caption', '.scene-playground', '.scene-stage', '.scene-data', '.scene-timeline-track', '.scene-timeline-key', '.scene-switch'],
					small: ['.scene-timeline', '.scene-values', '.scene-checks', '.scene-initial', '.scene-code', '.scene-step-link', '[role="tabpanel"][hidden]'],
				},
				exclude: [
					'authors/**', 'reference/**', 'handbook/**',
					'guides/locks/failure-models', 'guides/locks/availability', 'guides/locks/past-one-server',
					'guides/locks/leader-election', 'guides/locks/seeing-and-breaking', 'guides/locks/compared',
					'guides/locks/clocks', 'guides/locks/shutdown',
				],
			})],
			customCss: ['./src/styles/scenes.css'],
			components: {
				MarkdownContent: './src/components/MarkdownContent.astro',
				Search: './src/components/Search.astro',
				TableOfContents: './src/components/TableOfContents.astro',
			},
		}),
		// Starlight's own choice (optimize) but for <script> elements: MDX 8 turns a script's text into
		// set:html, which the optimizer would then print as a literal attribute inside a static subtree
		// (a scene's data island came out as `<script set:html="...">`).
		mdx({ optimize: { ignoreElementNames: ['script'] } }),
		linkCheck(),
	],
})
