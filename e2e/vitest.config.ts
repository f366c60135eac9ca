import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'
import { DurationSequencer } from './support/sequencer.js'

// Workspace packages resolve to their TypeScript sources (the "@portico/source" export condition;
// see tsconfig.base.json), next to Vitest's own default conditions, kept as they are (Vite's server
// conditions less 'module', for node and jsdom tests alike). Vitest hands them to its workers too.
const conditions = ['@portico/source', ...defaultServerConditions.filter((c) => c !== 'module')]

// Journeys: real Chromium, real devnet, the real demo build. One file at a time: they share a chain.
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  // Vitest's own environment runs globalSetup (support/stack.ts: the server, the devnet, the secure
  // frame's build). Non-client environments take no conditions from the top level, so it gets ours
  // next to Vite's default server conditions, which it keeps.
  environments: { __vitest__: { resolve: { conditions: ['@portico/source', ...defaultServerConditions] } } },
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    fileParallelism: false,
    // --shard=i/n splits by measured seconds per journey (support/durations.json), not by file count.
    sequence: { sequencer: DurationSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
