// `npm run bench`: every benchmark, one figure a line as `name: value unit`. `npm run bench -- rg` (or model,
// panels, nav, lesson21) runs only the named suites.
import { existsSync } from 'node:fs';
import { ensureChromium, ensureDependencies } from './setup.mjs';

ensureDependencies();
ensureChromium(); // the browser suites (panels, nav, lesson21, ...) run Debian's Chromium; says how to install it if absent
// tsx is an npm package: imported only once the step above has installed it (a static import would fail on a
// fresh clone before anything could be installed)
const { register } = await import('tsx/esm/api');
register();
const print = (line) => console.log(line);
const all = [
  ['model', './bench-model.ts', 'benchModel'],
  ['panels', './bench-panels.ts', 'benchPanels'],
  ['rg', './bench-rg.ts', 'benchRg'],
  ['readback', './bench-readback.ts', 'benchReadback'],
  ['playground', './bench-playground.ts', 'benchPlayground'],
  ['bundle', './bench-bundle.ts', 'benchBundle'],
  ['nav', './bench-nav.ts', 'benchNav'],
  ['lesson21', './bench-lesson21.ts', 'benchLesson21'],
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.some(([name]) => name === w));
if (unknown.length) {
  console.error(`unknown bench suite: ${unknown.join(', ')} (suites: ${all.map(([name]) => name).join(', ')})`);
  process.exit(2);
}
const suites = all.filter(([name]) => wanted.length === 0 || wanted.includes(name)).map(([, file, fn]) => [file, fn]);
let failed = 0;
for (const [file, fn] of suites) {
  if (!existsSync(new URL(file, import.meta.url))) {
    console.log(`# ${file}: not present`);
    continue;
  }
  try {
    const mod = await import(file);
    await mod[fn](print);
  } catch (e) {
    failed++;
    console.error(`# ${file} failed: ${e instanceof Error ? e.message : e}`);
  }
}
process.exit(failed ? 1 : 0);
