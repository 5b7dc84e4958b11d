/**
 * Where a store's count starts: `first=N` less one, else just below the first fence its actor sends
 * a worker, less one for each lease it gave before that send without naming a fence. Only the
 * store's first open counts: after a restart or a restore the count starts again from 0.
 */
import type { Actor, Scene } from '../../../scene-parser/index.ts'
import { fenceCount } from '../../../engine/index.ts'
import type { SceneTexts } from './texts.ts'

export function startCount(scene: Scene, texts: SceneTexts, store: Actor): bigint {
	if (store.first !== undefined) return store.first - 1n
	const kinds = new Map(scene.actors.map(actor => [actor.id, actor.icon]))
	let earlier = 0n
	for (const step of scene.steps) {
		for (const statement of step.statements) {
			if ((statement.kind === 'restart' || statement.kind === 'restore') && statement.actor.id === store.id) return 0n
			if (statement.kind !== 'send' || statement.from.id !== store.id) continue
			const to = kinds.get(statement.to.id)
			if (to === undefined || to === 'lock' || to === 'database' || to === 'clock') continue
			const read = texts.read(statement.label, 'lock-answer')
			let grants = false
			for (const clause of read.clauses) {
				const intent = clause.form.intent
				if (!intent || !('answer' in intent) || (intent.answer !== 'grant' && intent.answer !== 'any')) continue
				grants = true
				const slot = intent.fenceSlot === undefined ? undefined : clause.slots[intent.fenceSlot]
				if (slot?.value.type !== 'fence') continue
				const count = fenceCount(slot.value.value) - 1n - earlier
				return count > 0n ? count : 0n
			}
			if (grants) earlier++
		}
	}
	return 0n
}
