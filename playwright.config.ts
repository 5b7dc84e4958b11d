import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's, else Playwright's own. */
function chromiumPath(): string | undefined {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p))
	return candidates.find(p => existsSync(p))
}

const executablePath = chromiumPath()
const PORT = Number(process.env.E2E_PORT ?? 4399)

export default defineConfig({
	testDir: 'tests/e2e',
	outputDir: 'test-results/e2e',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	// A bound for a busy CI machine, not a speed check: stepping a scene with screenshots of every step takes a while.
	timeout: 120_000,
	// Also a bound, not a speed check: the first play of a page loads the engine (sql.js) in the page, which a
	// loaded two-core machine took more than the default 5 s to do.
	expect: { timeout: 15_000 },
	forbidOnly: Boolean(process.env.CI),
	use: {
		baseURL: `http://127.0.0.1:${PORT}`,
		browserName: 'chromium',
		launchOptions: {
			executablePath,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
			],
		},
		screenshot: 'only-on-failure',
		// A failed test keeps its actions, console and a screencast. DOM snapshots of every action are left
		// out: on pages this size they doubled each test's time, and the failure's own screenshot stays.
		trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true },
	},
	webServer: {
		command: `npx astro preview --host 127.0.0.1 --port ${PORT}`,
		url: `http://127.0.0.1:${PORT}/`,
		reuseExistingServer: !process.env.CI,
		timeout: 60_000,
		env: { ASTRO_TELEMETRY_DISABLED: '1' },
	},
})
