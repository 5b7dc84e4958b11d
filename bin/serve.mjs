#!/usr/bin/env -S node --max-semi-space-size=16
// The package's `tinystore-locks-server` command: the server is TypeScript, run through tsx, with the
// Node flags of server/node-flags.ts on the first line (`env -S` passes them to node).
import { register } from 'tsx/esm/api'

register()
await import('../server/cli.ts')
