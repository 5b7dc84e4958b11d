import { describe, expect, it } from 'vitest'
import { defaultSiteUrl, siteUrl } from '../../../src/site/site-url.ts'

describe('siteUrl', () => {
	it('takes the default when SITE_URL is unset or empty', () => {
		expect(siteUrl(undefined)).toBe(defaultSiteUrl)
		expect(siteUrl('')).toBe(defaultSiteUrl)
	})

	it('takes an origin, with or without its slash', () => {
		expect(siteUrl('https://docs.example.org')).toBe('https://docs.example.org/')
		expect(siteUrl('http://127.0.0.1:4321/')).toBe('http://127.0.0.1:4321/')
	})

	it('refuses a path, since the pages link from / and the sitemap would drop it', () => {
		expect(() => siteUrl('https://tinyshed.org/tinystore/docs/')).toThrow(
			'SITE_URL: "https://tinyshed.org/tinystore/docs/" has a path; the pages link from /, so expected an origin such as https://tinyshed.org/',
		)
	})

	it('refuses what is not an http(s) URL', () => {
		expect(() => siteUrl('tinyshed.org')).toThrow('SITE_URL: "tinyshed.org" is not a URL')
		expect(() => siteUrl('ftp://tinyshed.org/')).toThrow('is not an http(s) URL')
	})
})
