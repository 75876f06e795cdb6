#!/usr/bin/env node
// The scenario CLI (see ../shared/SCENARIOS.md). Plain .mjs so `npx d3d12-scenario` works right after
// `npm ci` with no build step: tsx (a runtime dependency) loads the TypeScript model directly.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./scenario-main.ts');
process.exitCode = await main(process.argv.slice(2));
