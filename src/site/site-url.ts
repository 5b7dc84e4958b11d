/**
 * The address the site is published at, which the sitemap and llms.txt put before every page's path.
 */

/** Where the site is published unless `SITE_URL` says otherwise. */
export const defaultSiteUrl = 'https://locks.tinyshed.org/'

/**
 * The site's URL from `SITE_URL` (or the default); it must be an origin with no path, because the
 * pages link to each other from `/` (Astro's `base`), so a path would make every sitemap entry wrong.
 */
export function siteUrl(value: string | undefined = undefined): string {
	const written = value === undefined || value === '' ? defaultSiteUrl : value
	let url: URL
	try {
		url = new URL(written)
	} catch {
		throw new Error(`SITE_URL: "${written}" is not a URL; expected an origin such as ${defaultSiteUrl}`)
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new Error(`SITE_URL: "${written}" is not an http(s) URL; expected an origin such as ${defaultSiteUrl}`)
	}
	if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
		throw new Error(`SITE_URL: "${written}" has a path; the pages link from /, so expected an origin such as ${url.origin}/`)
	}
	return url.origin + '/'
}
