/**
 * The motion of one step: each message travels its link in turn, then new state labels appear and struck ones strike out.
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

function stateChange(svg: SVGSVGElement, id: string): SVGGElement | null {
	for (const actor of svg.querySelectorAll<SVGGElement>('.scene-actor')) {
		if (actor.dataset['actor'] === id) return actor.querySelector<SVGGElement>('.scene-state')
	}
	return null
}

function changedStates(svg: SVGSVGElement, before: Frame | undefined, after: Frame): { label: SVGGElement; struck: boolean }[] {
	const changed: { label: SVGGElement; struck: boolean }[] = []
	for (const actor of after.actors) {
		const now = actor.state
		const old = before?.actors.find(a => a.id === actor.id)?.state
		if (!now || (old && old.text === now.text && old.struck === now.struck)) continue
		const label = stateChange(svg, actor.id)
		if (label) changed.push({ label, struck: now.struck && old?.text === now.text })
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
	const pending = [...messages, ...states.filter(state => !state.struck).map(state => state.label)]
	for (const element of pending) element.style.opacity = '0'
	return () => {
		// Measuring the paths lays the page out; done after the new step's first paint, not before it.
		messages.forEach((group, index) => travel(group, index * messageMs))
		const settle = messages.length * messageMs
		for (const { label, struck } of states) {
			if (struck) {
				for (const line of label.querySelectorAll<SVGLineElement>('.scene-strike')) {
					line.animate([{ strokeDasharray: '1', strokeDashoffset: '1' }, { strokeDasharray: '1', strokeDashoffset: '0' }], {
						duration: 350, delay: settle, easing: 'ease-out', fill: 'backwards',
					})
				}
			} else {
				label.animate([{ opacity: 0, transform: 'translateY(6px)' }, { opacity: 1, transform: 'none' }], {
					duration: 300, delay: settle, easing: 'ease-out', fill: 'backwards',
				})
			}
		}
		for (const element of pending) element.style.removeProperty('opacity')
	}
}

/** Calls `then` once the next frame has been painted. */
export function afterPaint(then: () => void): void {
	requestAnimationFrame(() => {
		// A message posted from a frame callback is handled after that frame is painted.
		const channel = new MessageChannel()
		channel.port1.onmessage = () => then()
		channel.port2.postMessage(0)
	})
}
