import { defineConfig } from 'vitest/config'

// Unit tests: beside the code in packages/*. Journeys (e2e/) have their own config.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
