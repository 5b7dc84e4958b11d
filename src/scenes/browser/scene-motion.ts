/**
 * The motion of one step: each message travels its link in turn, a badge shows once the message
 * that brings it arrives, then new state labels (and struck ones, with their ending) appear.
 */
import type { Frame } from '../frame.ts'

const svgNs = 'http://www.w3.org/2000/svg'
/** How long one message takes to travel, ms; a step's messages go one after another. */
export const messageMs = 600

function travel(group: SVGGElement, delay: number): void {
	const path = group.querySelector<SVGPathElement>('.scene-message-path')
	if (!path) return
	const length = path.getTotalLength()
	const timing: KeyframeAnimationOptions = { duration: messageMs, delay, easing: 'ease-in-out', fill: 'backwards' }
	const dash = String(length)
	path.animate([{ strokeDasharray: dash, strokeDashoffset: dash }, { strokeDasharray: dash, strokeDashoffset: '0' }], timing)
	const dot = document.createElementNS(svgNs, 'circle')
	dot.setAttribute('r', '6')
	dot.setAttribute('class', 'scene-dot')
	dot.setAttribute('fill', path.getAttribute('stroke') ?? 'currentColor')
	group.append(dot)
	// Points along the path rather than offset-path, which SVG elements do not take everywhere.
	const points = Array.from({ length: 17 }, (_, k) => {
		const p = path.getPointAtLength((length * k) / 16)
		return { transform: `translate(${p.x}px, ${p.y}px)` }
	})
	const motion = dot.animate(points, { ...timing, fill: 'both' })
	motion.finished.then(() => dot.remove(), () => dot.remove())
	for (const part of group.querySelectorAll<SVGElement>('.scene-message-head, .scene-message-label')) {
		part.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay: delay + messageMs, fill: 'backwards' })
	}
}

function actorPart(svg: SVGSVGElement, id: string, part: string): SVGGElement | null {
	for (const actor of svg.querySelectorAll<SVGGElement>('.scene-actor')) {
		if (actor.dataset['actor'] === id) return actor.querySelector<SVGGElement>(part)
	}
	return null
}

/** The labels the step changed (set, or struck with why they ended): each appears once the messages have gone. */
function changedStates(svg: SVGSVGElement, before: Frame | undefined, after: Frame): SVGGElement[] {
	const changed: SVGGElement[] = []
	for (const actor of after.actors) {
		const now = actor.state
		const old = before?.actors.find(a => a.id === actor.id)?.state
		if (!now || (old && old.text === now.text && old.struck === now.struck)) continue
		const label = actorPart(svg, actor.id, '.scene-state')
		if (label) changed.push(label)
	}
	return changed
}

/** The badges the step changed, each with the delay until the step's first message to its actor arrives (or the messages are done). */
function changedBadges(svg: SVGSVGElement, before: Frame | undefined, after: Frame, messages: SVGGElement[]): { badge: SVGGElement; delay: number }[] {
	const changed: { badge: SVGGElement; delay: number }[] = []
	for (const actor of after.actors) {
		const old = before?.actors.find(a => a.id === actor.id)
		if (JSON.stringify([old?.lease, old?.storedFence, old?.held]) === JSON.stringify([actor.lease, actor.storedFence, actor.held])) continue
		const badge = actorPart(svg, actor.id, '.scene-badge')
		if (!badge) continue
		const arrives = messages.findIndex(message => message.dataset['to'] === actor.id)
		changed.push({ badge, delay: (arrives < 0 ? messages.length : arrives + 1) * messageMs })
	}
	return changed
}

/**
 * Readies the step from `before` to `after` on the SVG that already shows `after`: what will move is
 * hidden now, at no layout cost, so the new step paints at once; the returned `start` runs the motion.
 */
export function prepareStep(svg: SVGSVGElement, before: Frame | undefined, after: Frame): () => void {
	const messages = [...svg.querySelectorAll<SVGGElement>('.scene-message')]
	const states = changedStates(svg, before, after)
	const badges = changedBadges(svg, before, after, messages)
	const pending = [...messages, ...states, ...badges.map(one => one.badge)]
	for (const element of pending) element.style.opacity = '0'
	return () => {
		// Measuring the paths lays the page out; done after the new step's first paint, not before it.
		messages.forEach((group, index) => travel(group, index * messageMs))
		const settle = messages.length * messageMs
		for (const label of states) {
			label.animate([{ opacity: 0, transform: 'translateY(6px)' }, { opacity: 1, transform: 'none' }], {
				duration: 300, delay: settle, easing: 'ease-out', fill: 'backwards',
			})
		}
		// A badge comes with its message: a worker's fence shows once the lock's answer reaches it, not before.
		for (const { badge, delay } of badges) badge.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay, fill: 'backwards' })
		for (const element of pending) element.style.removeProperty('opacity')
	}
}
