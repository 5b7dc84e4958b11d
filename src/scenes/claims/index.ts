/**
 * The controlled scene language: every text of a scene read as claims from one registry of forms,
 * each checked against the engine's facts, or as an aside of neutral words, or refused with the
 * nearest forms.
 */
export type { ActorKind, DatabaseFact, LeaseFact, MessageFacts, RanLine, RunFacts, StatementFact, StepFacts, StoreFact, WorkerFact, WorldFacts } from './facts.ts'
export type { Happening } from '../frame.ts'
export type { ClaimContext, ClaimForm, DomainWords, Intent, Place, Said, Slot, SlotType, Tells, Verdict } from './form.ts'
export { FORMULA_TERMS, PLACE_NAMES, THING, inWords } from './form.ts'
export type { CastMember } from './parameters.ts'
export { castProblems, isLockName, nameProblem } from './actor-names.ts'
export { forgetLanguages, sceneLanguage, type SceneLanguage } from './language.ts'
export { aloneVerbs, lendsLexicon, sceneNouns, unheldWords, unlentWords, verbNouns } from './scene-nouns.ts'
export { readText, type ReadClause, type ReadProblem, type ReadResult } from './read.ts'
export { checkText, allHold } from './check.ts'
export { FORMS, FORM_GROUPS, formsOf } from './registry.ts'
export { midSentence, nearestTrue, suggestSentences, patternsOf, type Suggestion } from './suggest.ts'
export { readAloudWithAVowel } from './numbers.ts'
export { RECORDED_CAUSES } from './causes.ts'
export { EXAMPLE_CAST, unreadExamples } from './examples.ts'
export { NEUTRAL_WORDS, NEUTRAL_ADVERBS, FUNCTION_WORDS, ID_WORDS, ID_EVENTS, ID_JOINING_WORDS, ID_ORDER_WORDS, ID_PHRASES } from './lexicon.ts'
export { idProblem, idEventProblem, idOffered, idOffers, idWords } from './scene-id.ts'
export { fenceOf, showFence } from './fence-notation.ts'
export { DURATION_PATTERN, readDuration } from './numbers.ts'
