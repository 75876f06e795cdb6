// `npm run bench`: every benchmark, one figure a line as `name: value unit`.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';
import { ensureDependencies } from './setup.mjs';

ensureDependencies();
register();
const print = (line) => console.log(line);
const suites = [
  ['./bench-model.ts', 'benchModel'],
  ['./bench-panels.ts', 'benchPanels'],
];
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
