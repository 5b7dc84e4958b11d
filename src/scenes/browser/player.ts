/**
 * The scene player's entry, on every page: upgrades each figure.scene, follows step links, and verifies a scene once the reader acts on it.
 */
import type { SceneData } from '../scene-figure.ts'
import { note, ScenePlayer } from './scene-player.ts'

const players = new Map<HTMLElement, ScenePlayer>()

function readData(figure: HTMLElement): SceneData | undefined {
	const script = figure.querySelector('script.scene-data')
	try {
		return script?.textContent ? (JSON.parse(script.textContent) as SceneData) : undefined
	} catch {
		return undefined
	}
}

/**
 * Recomputes the scene in this browser once the reader first acts on it: the engine's chunk (sql.js,
 * loaded now) marks the figure `data-verified` ok, mismatch or failed, with a note when not ok.
 */
function verify(figure: HTMLElement, data: SceneData): void {
	if (figure.dataset['verified'] !== 'pending') return
	figure.dataset['verified'] = 'running'
	import('./verify-scene.ts').then(engine => engine.verifyFigure(figure, data), () => {
		figure.dataset['verified'] = 'failed'
		note(figure, 'This scene could not be checked in your browser.')
	})
}

/**
 * The scene a fragment's id names: the figure of that id, else, for a link made when ids were
 * positions (`scene-2`), the page's scene at that place.
 */
function sceneNamed(id: string): HTMLElement | null {
	const figure = document.getElementById(id)
	if (figure) return figure
	const position = /^scene-(\d+)$/.exec(id)?.[1]
	return position ? document.querySelector<HTMLElement>(`figure.scene[data-scene-position="${position}"]`) : null
}

const reveal = (player: ScenePlayer): void => player.figure.scrollIntoView({ block: 'start' })

/**
 * Opens the step the URL's fragment names (`#fences-late-write-step-2`), or replays a reader's
 * session (`#ID-play=...`), and brings its scene into view; `#ID-sandbox` (and `#ID-sandbox-play=...`)
 * opens the scene as the reader's sandbox, over the whole window.
 */
function followHash(): void {
	const sandbox = /^#(.+)-sandbox(?:-play=(.*))?$/.exec(location.hash)
	if (sandbox) {
		const player = players.get(sceneNamed(sandbox[1] ?? '') ?? document.body)
		if (player) void player.takeOver(sandbox[2], true)
		return
	}
	const played = /^#(.+)-play=(.*)$/.exec(location.hash)
	if (played) {
		const player = players.get(sceneNamed(played[1] ?? '') ?? document.body)
		// The session replays once the play module and the engine load; a bad link shows its message in the scene.
		if (player) void player.takeOver(played[2] ?? '').then(() => reveal(player))
		return
	}
	const match = /^#(.+)-step-(\d+)$/.exec(decodeURIComponent(location.hash))
	if (!match) return
	const figure = sceneNamed(match[1] ?? '')
	const player = figure ? players.get(figure) : undefined
	if (!player) return
	player.pause()
	player.show(Number(match[2]), { animate: false, link: false })
	// The fragment's item is no element until the list is opened (a <noscript>'s text): the scene is
	// what scrolls into view. On a fresh load the browser may still scroll, until the load event; come after it.
	if (document.readyState === 'complete') reveal(player)
	else addEventListener('load', () => requestAnimationFrame(() => reveal(player)), { once: true })
}

/** Upgrades every scene of the page, once, as it loads: the site has no client-side router that would bring a new page without a reload. */
function upgrade(): void {
	// Every compiled scene (a scene with errors, in dev, has no steps). A later scene's data is a file of
	// the build (data-scene-src), which its player fetches when needed.
	for (const figure of document.querySelectorAll<HTMLElement>('figure.scene[data-steps]')) {
		// The engine (sql.js, about 370 KB gzipped with its chunk) loads only when the reader first steps, plays or opens a control.
		const player = new ScenePlayer(figure, readData(figure), loaded => verify(figure, loaded))
		players.set(figure, player)
	}
	followHash()
}

upgrade()
addEventListener('hashchange', followHash)
