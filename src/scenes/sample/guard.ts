/** The name of the guard a compiled sample calls before every statement, with the statement's line: shared by the compiler and the loader, which needs no transpiler. */
export const TICK = '__tick'
