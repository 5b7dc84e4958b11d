/**
 * The Node flags the lock server runs with, wherever it is started (`bin/serve.mjs`'s first line, `npm run serve`,
 * the benches). A young generation of at most 16 MB a semi-space: left to grow, V8 took 134 MB of it under a stream
 * of holds, which stays in the RSS once the load is gone (`npm run bench:server-memory`); at 16 MB the server's CPU
 * per pair measured the same (`npm run bench:server`), at 8 and 4 MB some 10% more.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16']
