// bench:lighthouse's peer: Starlight's starter as `npm create astro -- --template starlight` makes it,
// cut to one page of prose, built with the same Astro and Starlight as the site.
import { defineConfig } from 'astro/config'
import starlight from '@astrojs/starlight'

export default defineConfig({
	site: 'https://example.com/',
	integrations: [starlight({ title: 'My Docs', sidebar: [{ label: 'Guides', items: [{ label: 'Example Guide', slug: 'guides/example' }] }] })],
})
