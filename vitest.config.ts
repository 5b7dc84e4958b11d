import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	test: {
		include: ['tests/unit/**/*.test.ts'],
		testTimeout: 30_000,
		// Many unit tests wait on real time (a lease's TTL, a killed process, a server's answer):
		// one fork more than vitest's default (a core less than the machine has) overlaps their
		// waits, and halves the run on a two-core machine.
		maxWorkers: Math.max(2, availableParallelism() - 1),
		reporters: ['default'],
	},
})
