// A checker process's entry (see checker.ts). Plain JavaScript, so it starts under any Node that
// runs the pool (the Astro build and dev server, vitest, tsx): it registers tsx's loader for the
// TypeScript it loads, as `npm run scenes` runs under tsx.
import { register } from 'tsx/esm/api'

register()
await import('./checker.ts')
