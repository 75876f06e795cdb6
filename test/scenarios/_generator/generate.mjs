// The one generator of the scenario tree: `node test/scenarios/_generator/generate.mjs` writes every defined
// scenario as `<dir>/<aspect>.json` + `.expected.jsonl` under test/scenarios (dir: `<Interface>/<Method>`, a free
// function, `programs` or `scenario-format`), removes generated files no definition produces any more, and writes
// the index README.md. `--check` writes nothing and exits 1 when a file differs from its definition.
// Hand-written scenarios (no `_source` field) live in the same folders and are left alone.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarios } from './builder.mjs';
import './defs-documented-rules.mjs';
import './defs-variants.mjs';
import './defs-programs.mjs';
import './defs-rule-families.mjs';
import './defs-compute.mjs';
import './defs-table-types.mjs';
import './defs-queries.mjs';
import './defs-bundles.mjs';
import './defs-modelrules.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every scenario file under the tree (relative path of the .json). */
function scenarioFiles(dir = ROOT, out = []) {
  for (const e of readdirSync(dir)) {
    if (e.startsWith('_')) continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) scenarioFiles(p, out);
    else if (p.endsWith('.json')) out.push(relative(ROOT, p));
  }
  return out;
}

/** The generated files, by path relative to the tree: contents as the definitions make them. */
export function generatedFiles() {
  const files = new Map();
  for (const s of scenarios) {
    const base = `${s.dir}/${s.aspect}`;
    if (files.has(`${base}.json`)) throw new Error(`two scenarios at ${base}`);
    files.set(`${base}.json`, s.b.json(s.source));
    files.set(`${base}.expected.jsonl`, s.b.expected());
  }
  files.set('README.md', index(files));
  return files;
}

/** The index: one table per folder, a row per scenario (generated and hand-written). */
function index(generated) {
  const rows = new Map();
  for (const s of scenarios)
    rows.set(`${s.dir}/${s.aspect}`, {
      what: s.what + (s.b.debugLayer || s.b.manualLayer ? '' : ' [debug layer off]'),
      basis: s.basis,
      source: s.source.replace('_generator/', ''),
    });
  for (const f of scenarioFiles()) {
    const base = f.replace(/\.json$/, '');
    if (generated.has(f) || rows.has(base)) continue;
    const doc = JSON.parse(readFileSync(join(ROOT, f), 'utf8'));
    if (typeof doc._source === 'string') continue; // a stale generated file: removed by the next write
    rows.set(base, { what: doc._what ?? '', basis: doc._basis ?? '', source: 'hand-written' });
  }
  const dirs = [...new Set([...rows.keys()].map((k) => k.slice(0, k.lastIndexOf('/'))))].sort();
  let md = `# Scenarios

Every scenario is a JSON file of D3D12 calls (../../../shared/SCENARIOS.md) with the output the real runtime and debug
layer give beside it (\`.expected.jsonl\`); \`src/core/scenario/scenarios.test.ts\` runs them all against the model.
They are organised by API, like the WebGPU conformance suite: one folder per interface and method (the call whose
rule the scenario checks: where the message is raised or the HRESULT returned), a file per aspect. Whole programs are
in \`programs/\`, the scenario file format itself in \`scenario-format/\`.

The expectations are written from ../shared/d3d12/DEBUG_LAYER.md (rows), CORRECTIONS.md (§3) and the D3D12/DXGI
reference pages, never from the model's output. Generated ones come from the definitions in \`_generator/\`
(\`node test/scenarios/_generator/generate.mjs\` after editing one; a test fails when a file and its definition
differ): \`defs-documented-rules.mjs\` (the documented rows), \`defs-variants.mjs\` (adversarial variants: orders,
subresource maths, queue types, debug layer off, messages that must not appear; "INF" in a basis marks a reading the
docs leave open, SPEC.md lists them under "Inferred behaviours"), \`defs-programs.mjs\` (the DirectX-Graphics-Samples
flows, getter outputs, the time model), \`defs-rule-families.mjs\` (issue 9's creation-time, clear-value, plane, queue-fence
and CopyDescriptors rules), \`defs-compute.mjs\` (compute passes), \`defs-table-types.mjs\` (descriptor tables given a handle of the wrong heap type), \`defs-queries.mjs\` (queries, MSAA textures and resolves), \`defs-bundles.mjs\` (bundles and record-time state tracking), \`defs-modelrules.mjs\` (split barriers and issue 9's remaining rules). Hand-written files carry their description in \`_what\`. Disagreements the
scenarios found with the model: DISCREPANCIES.md. This index is generated too.
`;
  for (const d of dirs) {
    md += `\n## ${d}\n\n| file | checks | rests on | from |\n|---|---|---|---|\n`;
    for (const [k, r] of [...rows]
      .filter(([k]) => k.slice(0, k.lastIndexOf('/')) === d)
      .sort(([a], [b]) => a.localeCompare(b))) {
      md += `| ${k.slice(d.length + 1)} | ${r.what} | ${r.basis} | ${r.source} |\n`;
    }
  }
  return `${md}\n${readFileSync(join(ROOT, '_generator', 'NOTES.md'), 'utf8')}`;
}

function main() {
  const check = process.argv.includes('--check');
  const files = generatedFiles();
  const stale = scenarioFiles().filter(
    (f) => !files.has(f) && typeof JSON.parse(readFileSync(join(ROOT, f), 'utf8'))._source === 'string',
  );
  const differs = [...files]
    .filter(([f, text]) => !existsSync(join(ROOT, f)) || readFileSync(join(ROOT, f), 'utf8') !== text)
    .map(([f]) => f);
  if (check) {
    for (const f of [...differs, ...stale]) console.log(`differs from its definition: ${f}`);
    process.exit(differs.length + stale.length ? 1 : 0);
  }
  for (const f of stale) {
    rmSync(join(ROOT, f));
    rmSync(join(ROOT, f.replace(/\.json$/, '.expected.jsonl')), { force: true });
  }
  for (const [f, text] of files) {
    mkdirSync(dirname(join(ROOT, f)), { recursive: true });
    writeFileSync(join(ROOT, f), text);
  }
  console.log(
    `${scenarios.length} generated scenarios (${differs.length} files written, ${stale.length} stale removed)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
