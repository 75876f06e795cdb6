import { defineConfig } from 'vitest/config';

// Unit tests run in Node; the model (src/core) needs nothing else. UI tests opt into jsdom per file.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    pool: 'threads',
  },
});
