// `npm run test:visual`: the visual regression suite (playwright.visual.config.ts) against the committed
// baselines in e2e/visual/baselines. Makes a fresh clone ready first: npm packages, Debian's Chromium, the fonts
// the baselines were made with, and a build of the app (skip it with --no-build when dist/ is fresh, as
// `npm test` does right after its own build).
//
//   npm run test:visual                      compare; failures: expected / actual / diff in .tmp/visual-report
//   npm run test:visual -- --update          accept: rewrite the baselines that differ or are missing
//   npm run test:visual -- -g 04-clear       any other argument goes to `playwright test`
import { spawnSync } from 'node:child_process';
import { ROOT, ensureChromium, ensureDependencies, ensureFonts } from './setup.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const pass = args.filter((a) => a !== '--no-build').map((a) => (a === '--update' ? '--update-snapshots=changed' : a));

ensureDependencies();
if (!ensureChromium()) process.exit(1);
// Without the fonts the zh panels would be boxes and no baseline would match: stop with the command to run.
if (!ensureFonts()) process.exit(1);

const run = (cmd, argv) => spawnSync(cmd, argv, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
if (!noBuild && run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
const status = run('npx', ['playwright', 'test', '-c', 'playwright.visual.config.ts', ...pass]);
if (status !== 0 && !pass.some((a) => a.startsWith('--update-snapshots'))) {
  console.log('\nThe visual suite failed. See expected / actual / diff: npx playwright show-report .tmp/visual-report');
  console.log(
    'If the change is intended: npm run test:visual -- --update, review the PNGs in git diff, and commit them.',
  );
}
process.exit(status);
