/** A scene's cast: what each actor is, from its icon, in the one mapping every part of the site uses. */
import type { Actor, Icon, Scene } from '../../../scene-parser/index.ts'
import type { ActorKind, CastMember, Place } from '../claims/index.ts'

/** An actor's kind: `lock` a store, `database` a database, `clock` a picture only, any other a worker. */
export function kindOf(icon: Icon): ActorKind {
	switch (icon) {
		case 'lock':
			return 'store'
		case 'database':
			return 'database'
		case 'clock':
			return 'decoration'
		default:
			return 'worker'
	}
}

/** The scene's actors as the claim language knows them. */
export function castOf(scene: Scene): CastMember[] {
	return scene.actors.map((actor: Actor) => ({ id: actor.id, label: actor.label.value, kind: kindOf(actor.icon), ...(actor.limit === undefined ? {} : { limit: actor.limit }) }))
}

/** The messages the engine answers, by the kinds of their two actors, and the place their label is read in; any other is a note. */
export const MESSAGE_PLACES: Readonly<Partial<Record<`${ActorKind}->${ActorKind}`, Place>>> = {
	'store->worker': 'lock-answer',
	'worker->store': 'ask',
	'worker->database': 'write',
	'database->worker': 'db-answer',
}

/** The place a message's label is read in, from the kinds of its two actors. */
export function messagePlace(from: ActorKind | undefined, to: ActorKind | undefined): Place {
	return MESSAGE_PLACES[`${from}->${to}` as `${ActorKind}->${ActorKind}`] ?? 'note'
}

/** The place an actor's state label is read in, from its kind. */
export function statePlace(kind: ActorKind | undefined): Place {
	return kind === 'worker' ? 'worker-state' : kind === 'store' ? 'store-state' : kind === 'database' ? 'db-state' : 'note'
}
