/**
 * The ids of a page's scenes: the author's (`id NAME` in the scene), else a name made from the
 * scene's first caption, so a scene keeps its id, and links to its steps, when another is added.
 */
import { parseScene } from '../simulation/index.ts'
import type { SourceOrigin } from '../simulation/index.ts'
import type { Diagnostic } from '../frame.ts'

/** One scene block of a page: its text and where it sits in its file. */
interface SceneSource {
	source: string
	origin: SourceOrigin
}

/** The id of each scene, in order, and the ids the author gave twice on the page. */
interface SceneIds {
	ids: string[]
	diagnostics: Diagnostic[]
}

/** The id a scene had when ids were positions: the Nth scene of its page (1-based). */
export function positionalId(position: number): string {
	return `scene-${position}`
}

/** The words of a caption as an id: `scene-` and its first words, lowercase, joined by hyphens. */
export function captionId(caption: string): string {
	const words = caption
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/['’]/g, '')
		.split(/[^a-z0-9]+/)
		.filter(word => word !== '')
	let id = 'scene'
	// Six words name a scene well enough and keep its links short.
	for (const word of words.slice(0, 6)) {
		if (id.length + word.length + 1 > 48) break
		id += `-${word}`
	}
	return id
}

/** A short name made from the whole text, for a scene with no caption to name it by. */
export function sourceId(source: string): string {
	// FNV-1a, 32 bits: stable across builds and machines, and enough to tell a page's scenes apart.
	let hash = 0x811c9dc5
	for (let i = 0; i < source.length; i++) {
		hash ^= source.charCodeAt(i)
		hash = Math.imul(hash, 0x01000193) >>> 0
	}
	return `scene-${hash.toString(16).padStart(8, '0')}`
}

/** The author's id and the first caption of a scene, as far as its text can be read. */
function named(block: SceneSource): { author?: { id: string; line: number; column: number }; caption?: string } {
	const parsed = parseScene(block.source, block.origin)
	if (!parsed.ok) return {}
	const setting = parsed.scene.settings.find(s => s.kind === 'id')
	const caption = parsed.scene.steps[0]?.caption.value
	return {
		...(setting?.kind === 'id' ? { author: { id: setting.value, ...setting.position } } : {}),
		...(caption ? { caption } : {}),
	}
}

/**
 * Gives each scene of a page its id: the author's where given (two scenes given one id is an error
 * at the second), else one from its first caption (or its text), made unique with `-2`, `-3`, ....
 */
export function assignSceneIds(blocks: SceneSource[]): SceneIds {
	const names = blocks.map(named)
	const diagnostics: Diagnostic[] = []
	const taken = new Map<string, number>()
	names.forEach((name, index) => {
		if (!name.author) return
		const first = taken.get(name.author.id)
		if (first !== undefined) {
			const { line, column } = name.author
			diagnostics.push({
				file: blocks[index]?.origin.file,
				line,
				column,
				message: `scene id "${name.author.id}" is already the id of the scene at line ${names[first]?.author?.line}; a page's scenes need ids of their own`,
			})
		} else {
			taken.set(name.author.id, index)
		}
	})
	const used = new Set(taken.keys())
	const ids = names.map((name, index) => {
		if (name.author) return name.author.id
		const base = name.caption ? captionId(name.caption) : sourceId(blocks[index]?.source ?? '')
		let id = base
		for (let n = 2; used.has(id); n++) id = `${base}-${n}`
		used.add(id)
		return id
	})
	return { ids, diagnostics }
}
