// `npm test`: everything CI checks, in one command, ending with `N passed, N failed`.
// Each suite reports its own count; checks without a test count (typecheck, lint, build) count as one each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureChromium, ensureDependencies } from './setup.mjs';

ensureDependencies();
const haveChromium = ensureChromium();
const TMP = join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });

const results = [];
const ENV = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };

/** A check's result line (and its place in the summary). */
function report(name, passed, failed, t0) {
  results.push({ name, passed, failed });
  console.log(`=== ${name}: ${passed} passed, ${failed} failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function step(name, cmd, args, count) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: ENV });
  const ok = r.status === 0;
  let passed = ok ? 1 : 0;
  let failed = ok ? 0 : 1;
  if (count) {
    const c = count();
    if (c) {
      passed = c.passed;
      // A runner that crashed before reporting still counts as a failure.
      failed = Math.max(c.failed, ok ? 0 : 1);
    }
  }
  report(name, passed, failed, t0);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A check with its output held back until it ends, so two can run side by side and each still prints whole. */
function held(name, cmd, args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let out = '';
    const p = spawn(cmd, args, { cwd: ROOT, env: ENV });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('error', (e) => (out += `${e.message}\n`)); // 'close' follows with no exit code: a failure
    p.on('close', (code) => {
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
      if (out) process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
      const ok = code === 0;
      report(name, ok ? 1 : 0, ok ? 0 : 1, t0);
      resolve();
    });
  });
}

// The static checks are single-threaded: two lanes side by side on CI's two cores (clean-clone runs: 81 s one after
// another, 62 s in two lanes; the whole suite is over its 20-minute budget).
await Promise.all([
  held('typecheck (app)', 'npx', ['tsc', '-p', 'tsconfig.json']).then(() =>
    held('typecheck (core, no DOM)', 'npx', ['tsc', '-p', 'tsconfig.core.json']),
  ),
  held('lint', 'npx', ['eslint', '.', '--max-warnings', '0']).then(() =>
    held('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
  ),
]);

const vitestJson = join(TMP, 'vitest.json');
rmSync(vitestJson, { force: true });
step(
  'unit + scenario tests (vitest)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`],
  () => {
    const j = readJson(vitestJson);
    return j && { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0) };
  },
);

step('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);

// The lessons on Dawn in Node (SwiftShader's Vulkan here): a second, browser-free pixel path through the executor.
const gpuJson = join(TMP, 'gpu-report.json');
rmSync(gpuJson, { force: true });
step('lessons on Dawn (test:gpu, SwiftShader Vulkan)', 'node', ['src/cli/test-gpu.mjs', '--report', gpuJson], () => {
  const j = readJson(gpuJson);
  return j && { passed: j.summary.passed, failed: j.summary.failed };
});

const pwJson = join(TMP, 'playwright.json');
rmSync(pwJson, { force: true });
if (haveChromium && existsSync(join(ROOT, 'dist', 'index.html'))) {
  step('browser tests (playwright, live WebGPU)', 'npx', ['playwright', 'test'], () => {
    const j = readJson(pwJson);
    return j && { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected };
  });
} else {
  results.push({ name: 'browser tests', passed: 0, failed: 1 });
  console.log('=== browser tests: not run (no chromium or no build): 1 failed');
}

// Visual regression: every lesson × variant and the panels against the committed baselines (its own config).
const visualJson = join(TMP, 'playwright-visual.json');
rmSync(visualJson, { force: true });
if (haveChromium && existsSync(join(ROOT, 'dist', 'index.html'))) {
  step('visual regression (playwright, committed baselines)', 'node', ['src/cli/test-visual.mjs', '--no-build'], () => {
    const j = readJson(visualJson);
    return j && { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected };
  });
} else {
  results.push({ name: 'visual regression', passed: 0, failed: 1 });
  console.log('=== visual regression: not run (no chromium or no build): 1 failed');
}

const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
