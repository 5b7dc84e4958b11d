/**
 * The scene language as an editor needs it, made at build time from the parser's table of
 * statements and the claim language's registry of forms, so the playground's completion offers
 * exactly what the checker reads and the page loads neither.
 */
import { ICONS, STATEMENTS } from '../scenes/simulation/index.ts'
import type { StatementTable } from '../scenes/simulation/index.ts'
import { FORMS, inWords } from '../scenes/claims/index.ts'
import { DEFAULT_DOMAIN } from '../seed/domains.ts'
import { MESSAGE_PLACES, kindOf, statePlace } from '../scenes/simulation/index.ts'
import type { SceneVocabulary } from './scene-language.ts'

export function sceneVocabulary(table: StatementTable = STATEMENTS): SceneVocabulary {
	return {
		statements: table.map(({ name, where, takesActors, attributes, example }) => ({ name, where, takesActors, attributes, example })),
		icons: ICONS,
		// In the default domain's words: what a worker writes is a summary, its WORK its work (a scene's own nouns are its own).
		forms: FORMS.flatMap(form => form.places.map(place => ({ place, pattern: inWords(form.pattern, DEFAULT_DOMAIN.words), example: inWords(form.example, DEFAULT_DOMAIN.words), meaning: form.meaning }))),
		kinds: Object.fromEntries(ICONS.map(icon => [icon, kindOf(icon)])),
		messagePlaces: { ...MESSAGE_PLACES },
		statePlaces: Object.fromEntries((['worker', 'store', 'database', 'decoration'] as const).map(kind => [kind, statePlace(kind)])),
	}
}
