/**
 * The sidebar in reading order, listing only the pages that exist in `content/`.
 */
import { pageFile } from './content-pages.ts'

/** A page of the sidebar: its slug under `content/`, or the link of a page made in `src/pages/`, and the label readers see. */
type SidebarPage = { slug: string; label: string } | { link: string; label: string }

/** A titled group of pages in the sidebar. */
interface SidebarSection {
	label: string
	pages: SidebarPage[]
}

/** The reading order: the guides first (a lock and its lease, then the fence, then a lease over a connection and what fails), the handbook's use of them, then authors and reference. */
export const readingOrder: SidebarSection[] = [
	{
		label: 'Guides',
		pages: [
			{ slug: 'guides/locks', label: 'Locks' },
			{ slug: 'guides/locks/leases', label: 'Leases and renewal' },
			{ slug: 'guides/locks/fences', label: 'Fences' },
			{ slug: 'guides/locks/writing-the-check', label: 'Writing the check' },
			{ slug: 'guides/locks/without-fences', label: 'Without a fence' },
			{ slug: 'guides/locks/connection', label: 'Over a connection' },
			{ slug: 'guides/locks/choosing-ttl', label: 'Choosing TTL, renewal and wait' },
			{ slug: 'guides/locks/failure-models', label: 'Failure models' },
			{ slug: 'guides/locks/availability', label: 'Availability' },
			{ slug: 'guides/locks/past-one-server', label: 'When one server is not enough' },
			{ slug: 'guides/locks/clocks', label: 'Clocks and time' },
			{ slug: 'guides/locks/several-keys', label: 'Several keys, and one key twice' },
			{ slug: 'guides/locks/leader-election', label: 'Leader election' },
			{ slug: 'guides/locks/seeing-and-breaking', label: 'Seeing and breaking locks' },
			{ slug: 'guides/locks/shutdown', label: 'Shutting down' },
			{ slug: 'guides/locks/compared', label: 'Beside other lock services' },
			{ slug: 'guides/locks/testing', label: 'Testing code that uses locks' },
		],
	},
	{ label: 'Handbook', pages: [{ slug: 'handbook/chat/live-updates', label: 'Chat: live updates' }] },
	{
		label: 'Authors',
		pages: [
			{ slug: 'authors/scenes', label: 'Writing scenes' },
			{ slug: 'authors/how-scenes-run', label: 'How a scene runs' },
			{ slug: 'authors/claim-forms', label: 'Claim forms' },
			{ slug: 'authors/every-form', label: 'Every claim form' },
			{ slug: 'authors/vocabulary', label: 'Vocabulary' },
			{ link: '/playground/', label: 'Scene playground' },
		],
	},
	{
		label: 'Reference',
		pages: [
			{ slug: 'reference/protocol', label: 'Wire protocol' },
			{ slug: 'reference/clients/python', label: 'Python client' },
			{ slug: 'reference/clients/go', label: 'Go client' },
			{ slug: 'reference/clients/rust', label: 'Rust client' },
			{ slug: 'reference/contracts', label: 'Contracts' },
		],
	},
]

/** Starlight's sidebar config for the pages that exist, and the slugs left out because they do not. */
export function buildSidebar(root: string, sections: SidebarSection[] = readingOrder): {
	sidebar: { label: string; items: SidebarPage[] }[]
	missing: string[]
} {
	const missing: string[] = []
	const sidebar = sections
		.map(section => ({
			label: section.label,
			items: section.pages.filter(page => {
				// A page of src/pages is always built; it has no file in content/.
				if (!('slug' in page)) return true
				// Starlight refuses a sidebar slug with no page; pages still being written are left out.
				const exists = pageFile(root, page.slug) !== undefined
				if (!exists) missing.push(page.slug)
				return exists
			}),
		}))
		.filter(section => section.items.length > 0)
	return { sidebar, missing }
}
