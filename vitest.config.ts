import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests run in Node; the model (src/core) needs nothing else. UI tests opt into jsdom per file.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    pool: 'threads',
    // vitest leaves one core free by default: on CI's two that is one worker, and the files ran one after another
    // (clean-clone runs: 245 s with one worker, 120 s with two). Two at least.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A timeout catches a hang, not slowness: on a busy 2-core machine a 100,000-event layout or the first ESLint /
    // TypeScript load takes longer than vitest's 5 s default (clean-clone runs failed on that alone). Speed is
    // measured in `npm run bench`, not here.
    testTimeout: 30_000,
  },
});
