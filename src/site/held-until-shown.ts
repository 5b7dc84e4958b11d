/**
 * Builds what a component holds in a <noscript> until its media query matches (HeldUntilShown.astro:
 * the wide screen's table of contents), as the page loads or once the window changes to match.
 */
import { unfoldHeld } from '../scenes/browser/scene-player.ts'

function showHeld(): void {
	for (const box of document.querySelectorAll<HTMLElement>('[data-held-media]')) {
		const shown = matchMedia(box.dataset['heldMedia']!)
		if (shown.matches) unfoldHeld(box)
		else shown.onchange = showHeld
	}
}

// Once, as the page loads: the site has no client-side router that would bring a new page without a reload.
showHeld()
