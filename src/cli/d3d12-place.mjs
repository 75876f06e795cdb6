#!/usr/bin/env node
// `npx d3d12-place IN.csv`: places MiniMalloc-style buffers (see src/core/rg/csv.ts) and prints the placement
// as CSV. Plain .mjs so it works right after `npm ci` with no build step: tsx loads the TypeScript directly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./place-main.ts');
process.exitCode = main(process.argv.slice(2));
