/**
 * A program's run against the scene it plays: the same workers given leases in the same order, with
 * fences in the same order (a lock server's fences are all comparable, as the scene's are); the same
 * writes, each by the same worker, taken or refused as the scene's, carrying the fence of the same
 * lease; and every write made inside its worker's hold, as every write of a scene's code is. Each
 * difference comes back as a sentence; none means the run told the scene's story.
 */
import type { BlockOutcome, BoundValue } from './outcome.ts'
import type { SceneActor, SceneOutcome } from './scene-outcome.ts'

/** The differences between a scene's outcome and a block's, in words; empty when they agree. */
export function compareOutcomes(scene: SceneOutcome, block: BlockOutcome): string[] {
	const names = [...new Set([...block.grants.map(grant => grant.worker), ...block.writes.map(write => write.worker)])]
	const actorOf = new Map<string, string>()
	const unknown: string[] = []
	for (const name of names) {
		const actor = scene.actors.find(a => a.id === name || a.label === name || a.label.split(/\s+/).at(-1) === name)
		if (actor === undefined) unknown.push(name)
		else actorOf.set(name, actor.id)
	}
	if (unknown.length > 0) {
		return unknown.map(name => `its worker ${JSON.stringify(name)} is none of the scene's actors (${scene.actors.map(describeActor).join(', ')}): name a worker by the actor's id, its label or its label's last word`)
	}
	// Words name a scene's worker as the block does where it does.
	const shown = new Map<string, string>(scene.actors.map(actor => [actor.id, actor.label]))
	for (const [name, id] of actorOf) shown.set(id, name)
	const who = (id: string) => shown.get(id) ?? id

	const differences: string[] = []
	const blockGrants = block.grants.map(grant => ({ worker: actorOf.get(grant.worker) as string, fence: grant.fence }))
	const sceneLeases = scene.grants.map(grant => who(grant.worker))
	const blockLeases = blockGrants.map(grant => who(grant.worker))
	const sameLeases = sceneLeases.join('\n') === blockLeases.join('\n')
	if (!sameLeases) differences.push(`its leases went to ${series(blockLeases)}; the scene's go to ${series(sceneLeases)}`)
	else differences.push(...fenceOrder(scene, blockGrants, who))

	for (const write of block.writes) {
		if (!write.inHold) differences.push(`${write.worker}'s write ran outside ${write.worker}'s hold; a scene's code writes inside its hold`)
	}
	const sceneWrites = scene.writes.map(write => `${who(write.worker)}'s ${write.taken ? 'taken' : 'refused'}`)
	const blockWrites = block.writes.map(write => `${write.worker}'s ${write.changes > 0 ? 'taken' : 'refused'}`)
	if (sceneWrites.join('\n') !== blockWrites.join('\n')) {
		differences.push(`its writes were ${series(blockWrites)}; the scene's are ${series(sceneWrites)}`)
	} else if (sameLeases) {
		const lease = (index: number | undefined, grants: readonly { worker: string }[]) => (index === undefined ? 'no fence its lock gave' : leaseName(index, grants, who))
		block.writes.forEach((write, i) => {
			const sceneWrite = scene.writes[i] as SceneOutcome['writes'][number]
			const sceneCarries = lease(sceneWrite.fence === undefined ? undefined : indexOf(scene.grants, sceneWrite.fence), scene.grants)
			const carried = write.values.map(value => carriedFence(value, blockGrants)).find(index => index !== undefined)
			const blockCarries = lease(carried, blockGrants)
			if (blockCarries !== sceneCarries) {
				differences.push(`${write.worker}'s write carried ${blockCarries} (it bound ${write.values.map(showValue).join(', ') || 'nothing'}); the scene's carries ${sceneCarries}`)
			}
		})
	}
	return differences
}

function describeActor(actor: SceneActor): string {
	return `${actor.id} ${JSON.stringify(actor.label)}`
}

/** `A`, `A, then B`, `nobody`. */
function series(items: readonly string[]): string {
	return items.length === 0 ? 'nobody' : items.join(', then ')
}

/** Each pair of leases whose fences are in another order than the scene's. */
function fenceOrder(scene: SceneOutcome, grants: readonly { worker: string; fence: bigint }[], who: (id: string) => string): string[] {
	const differences: string[] = []
	const sign = (a: bigint, b: bigint) => (a < b ? '<' : a > b ? '>' : '=')
	for (let i = 0; i < grants.length; i++) {
		for (let j = i + 1; j < grants.length; j++) {
			const [a, b] = [grants[i]!, grants[j]!]
			const [sa, sb] = [scene.grants[i]!, scene.grants[j]!]
			if (sign(a.fence, b.fence) !== sign(sa.fence, sb.fence)) {
				differences.push(
					`${leaseName(i, grants, who)} ${a.fence} ${sign(a.fence, b.fence)} ${leaseName(j, grants, who)} ${b.fence}; in the scene, ${sa.fence} ${sign(sa.fence, sb.fence)} ${sb.fence}`,
				)
			}
		}
	}
	return differences
}

/** `B's fence`, or `A's 2nd fence` for a worker given more than one lease. */
function leaseName(index: number, grants: readonly { worker: string }[], who: (id: string) => string): string {
	const worker = (grants[index] as { worker: string }).worker
	const own = grants.filter(grant => grant.worker === worker)
	if (own.length === 1) return `${who(worker)}'s fence`
	const nth = grants.slice(0, index + 1).filter(grant => grant.worker === worker).length
	return `${who(worker)}'s ${ordinal(nth)} fence`
}

function ordinal(n: number): string {
	const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'
	return `${n}${suffix}`
}

function indexOf(grants: readonly { fence: bigint }[], fence: bigint): number | undefined {
	const index = grants.findIndex(grant => grant.fence === fence)
	return index < 0 ? undefined : index
}

/**
 * The lease whose fence a bound value is, as a scene finds the fence a write carries: the fence as an
 * integer, or its 40-digit text. Any other text of a fence (unpadded, cut) carries none.
 */
function carriedFence(value: BoundValue, grants: readonly { fence: bigint }[]): number | undefined {
	if ('integer' in value) return indexOf(grants, BigInt(value.integer))
	if ('text' in value && /^[0-9]{40}$/.test(value.text)) return indexOf(grants, BigInt(value.text))
	return undefined
}

function showValue(value: BoundValue): string {
	if ('text' in value) return JSON.stringify(value.text)
	if ('integer' in value) return value.integer
	return value.other
}
