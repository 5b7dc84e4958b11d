/**
 * What a value the engine backs says of itself where it is shown: its dotted underline's title, and the
 * words of the timeline's key. Its own module, so the player's first script, which writes those values
 * but not their titles (the step marks do, loaded with the first step), does not carry it.
 */
export const COMPUTED_TITLE = 'a number the engine computed'
