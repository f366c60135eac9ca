import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources (the "@portico/source" export condition;
// see tsconfig.base.json), next to Vitest's own default conditions, kept as they are (Vite's server
// conditions less 'module', for node and jsdom tests alike). Vitest hands them to its workers too.
const conditions = ['@portico/source', ...defaultServerConditions.filter((c) => c !== 'module')]

// Unit tests: beside the code in packages/*, plus the repository's own (scripts/*.test.ts).
// Journeys (e2e/) have their own config.
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // In-memory PGlite databases start from one initdb'd data directory (scripts/vitest/pglite-*.ts).
    globalSetup: ['scripts/vitest/pglite-template.ts'],
    setupFiles: ['scripts/vitest/pglite-setup.ts'],
  },
})
