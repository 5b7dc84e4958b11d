// The parser is a table of constructs: a statement added to the table is parsed, completed in the
// editor and run by the simulation, with no other file changed.
import { CompletionContext } from '@codemirror/autocomplete'
import { EditorState } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { STATEMENTS, attributesOf, finish, parseScene, position, ref, statementNames } from '../../../scene-parser/index.ts'
import type { ActorVerb, Ref, StatementConstruct } from '../../../scene-parser/index.ts'
import { sceneCompletions, sceneLanguage } from '../../../src/playground/scene-language.ts'
import { sceneVocabulary } from '../../../src/playground/vocabulary.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { VERBS, simulateScene } from '../../../src/scenes/simulation/index.ts'
import type { VerbHandler } from '../../../src/scenes/simulation/index.ts'

/** `ping ID`: a statement no scene has, made only here. */
interface Ping {
	kind: 'ping'
	actor: Ref
	position: ActorVerb['position']
}

const ping: StatementConstruct<Ping> = {
	name: 'ping',
	where: 'step',
	attributes: [],
	takesActors: true,
	example: 'ping a',
	parse(scope, c) {
		attributesOf(scope, c)
		const actor = ref(scope, c, 'expected an actor, like ping a')
		if (actor === undefined) return undefined
		finish(scope, c)
		return { kind: 'ping', actor, position: position(scope, c, c.verb) }
	},
	add: (_scene, node, step) => step?.statements.push(node as never),
}

const TABLE = [...STATEMENTS, ping]
const SCENE = `actor a "Worker A" at 10,25 icon=cpu
actor lock "Lock" at 50,50 icon=lock
step "Worker A holds the key with fence 1."
  send lock -> a "fence 1"
  ping a
`

describe('a statement added to the table', () => {
	it('is parsed where its construct says it stands, and only with the table that has it', () => {
		const parsed = parseScene(SCENE, {}, TABLE)
		expect(parsed.ok).toBe(true)
		expect(parsed.scene?.steps[0]?.statements[1]).toMatchObject({ kind: 'ping', actor: { id: 'a' } })
		expect(parseScene(SCENE).errors.map(e => e.message)).toEqual(['unknown statement "ping"; did you mean "link"?'])
		expect(parseScene('ping a\n', {}, TABLE).errors.map(e => e.message)).toEqual(['ping belongs in a step; write it indented under a `step` line'])
		expect(statementNames(TABLE).inStep).toContain('ping')
	})

	it('is completed in the editor, and its actor ids after it', () => {
		const vocabulary = sceneVocabulary(TABLE)
		const complete = (text: string) => {
			const state = EditorState.create({ doc: text, extensions: [sceneLanguage(vocabulary)] })
			return sceneCompletions(vocabulary)(new CompletionContext(state, text.length, true))?.options.map(o => o.label)
		}
		expect(complete(`${SCENE}  pi`)).toContain('ping')
		expect(complete(`${SCENE}  ping `)).toEqual(['a', 'lock'])
	})

	it('is run by the handler the simulation is given for it', async () => {
		const pinged: string[] = []
		const handler: VerbHandler<Ping> = (stage, statement) => {
			pinged.push(`${statement.actor.id} at ${stage.world.clock.now()} ms`)
		}
		const parsed = parseScene(SCENE, {}, TABLE)
		const frames = await simulateScene(parsed.scene!, { openDriver: openNodeDriver, verbs: { ...VERBS, ping: handler as never } })
		expect(frames.diagnostics).toEqual([])
		expect(pinged).toEqual(['a at 0 ms'])
		expect(frames.frames[1]?.actors.find(actor => actor.id === 'a')?.lease?.fence).toBe('1')
	})
})
