/** The name of the guard a compiled sample calls before every statement, with the statement's line: shared by the compiler and the loader, which needs no transpiler. */
export const TICK = '__tick'

/** The name of what a compiled sample hands a value it leaves unawaited (a call made as a statement): a promise of it that fails is told, not left unhandled. */
export const FLOAT = '__float'
