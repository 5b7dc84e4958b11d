#!/usr/bin/env node
// The package's `tinystore-locks-server` command: the server is TypeScript, run through tsx.
import { register } from 'tsx/esm/api'

register()
await import('../server/cli.ts')
