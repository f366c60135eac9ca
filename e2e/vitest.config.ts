import { defineConfig } from 'vitest/config'

// Journeys: real Chromium, real devnet, the real demo build. One file at a time: they share a chain.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
