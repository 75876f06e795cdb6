// Render-graph benchmarks for `npm run bench` (`npm run bench -- rg` runs only these). Targets (issue 12):
//  - MiniMalloc's challenging instances A–K (../shared/bench/minimalloc, or $RG_MINIMALLOC_DIR): peak / LOAD,
//    geometric mean <= 1.10, each instance <= 100 ms. Placer: placeBest (greedy + canonical search) bounded by
//    work (3,000 placements tried, as `npx d3d12-place` does), so the quality does not depend on the machine's
//    load; each instance's time is the CPU time it took (max_ms), with the wall time beside it.
//  - graph compile (lifetimes + quick placement + barriers): 47-pass frame <= 0.05 ms, 1,000 passes <= 2 ms,
//    10,000 passes <= 20 ms. Median of repeated runs after a warm-up (the min is printed beside it).
//  - the three deferred frame graphs: the compile's heap over LOAD (1 = exactly LOAD; the worst is printed).
// The machine is shared: the load average is printed with the figures.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { parseCsv } from '../core/rg/csv';
import { placeBest } from '../core/rg/placer';
import { findPlacementError } from '../core/rg/problem';
import { compileGraph, type RGDesc } from '../core/rg/graph';
import { deferredFrame, FRAMES, repeatedFrames } from '../core/rg/frames';

const DIR =
  process.env.RG_MINIMALLOC_DIR ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'bench', 'minimalloc');
const INSTANCES = 'ABCDEFGHIJK'.split('');

function timeCompile(desc: RGDesc, reps: number): { median: number; min: number; cpu: number } {
  for (let k = 0; k < Math.max(5, reps / 4); k++) compileGraph(desc);
  const t: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < reps; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    compileGraph(desc);
    t.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  t.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: t[t.length >> 1], min: t[0], cpu: cpu[cpu.length >> 1] };
}

export async function benchRg(print: (line: string) => void): Promise<void> {
  print(`rg.loadavg: ${loadavg()[0].toFixed(2)} load`);
  // 1. MiniMalloc instances.
  if (!INSTANCES.every((x) => existsSync(join(DIR, `${x}.1048576.csv`)))) {
    print(`# rg.minimalloc: instances not found in ${DIR} (set RG_MINIMALLOC_DIR)`);
  } else {
    const tables = INSTANCES.map((x) => {
      const parsed = parseCsv(readFileSync(join(DIR, `${x}.1048576.csv`), 'utf8'));
      if ('error' in parsed) throw new Error(`${x}: ${parsed.error.message}`);
      return parsed.table.buffers;
    });
    // warm-up pass (untimed, the full budget) so no timed instance pays for the JIT compiling the placer
    for (const items of tables) placeBest(items);
    // Timed: bounded by work (3,000 placements tried, as `npx d3d12-place` does), so the placement, and with it
    // the geometric mean, is the same on a busy machine as on a quiet one. The time per instance is the CPU time
    // the process spent (one core), which a shared machine's other jobs barely move; the wall time is beside it.
    let logSum = 0;
    let maxCpu = 0;
    let maxWall = 0;
    for (let k = 0; k < tables.length; k++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = placeBest(tables[k]);
      const c = process.cpuUsage(c0);
      const ms = performance.now() - t0;
      const cpu = (c.user + c.system) / 1000;
      const bad = findPlacementError(tables[k], r.offsets);
      if (bad) throw new Error(`instance ${INSTANCES[k]}: invalid placement: ${bad}`);
      logSum += Math.log(r.peak / r.load);
      maxCpu = Math.max(maxCpu, cpu);
      maxWall = Math.max(maxWall, ms);
      print(
        `rg.minimalloc.${INSTANCES[k]}.over_load: ${(r.peak / r.load).toFixed(4)} x (${cpu.toFixed(1)} ms CPU, ${ms.toFixed(1)} ms wall, ${r.work} placements tried, ${r.method}${r.optimal ? ', optimal' : ''})`,
      );
    }
    print(`rg.minimalloc.geomean_over_load: ${Math.exp(logSum / tables.length).toFixed(4)} x`);
    print(`rg.minimalloc.max_ms: ${maxCpu.toFixed(1)} ms (CPU time, slowest instance; wall ${maxWall.toFixed(1)} ms)`);
  }
  // 2. Compile times.
  const frame = deferredFrame(FRAMES['deferred-1080p']);
  const f47 = timeCompile(frame, 2000);
  print(
    `rg.frame47.compile_ms: ${f47.median.toFixed(4)} ms (${frame.passes.length} passes; min ${f47.min.toFixed(4)})`,
  );
  const c1k = timeCompile(repeatedFrames(1000), 200);
  print(`rg.compile1k.ms: ${c1k.median.toFixed(3)} ms (min ${c1k.min.toFixed(3)}; CPU median ${c1k.cpu.toFixed(3)})`);
  const c10k = timeCompile(repeatedFrames(10000), 30);
  print(
    `rg.compile10k.ms: ${c10k.median.toFixed(2)} ms (min ${c10k.min.toFixed(2)}; CPU median ${c10k.cpu.toFixed(2)})`,
  );
  // 3. Realistic frames: the compile's heap over LOAD, worst of the three.
  let worst = 0;
  for (const [name, opts] of Object.entries(FRAMES)) {
    const out = compileGraph(deferredFrame(opts));
    if ('error' in out) throw new Error(`${name}: ${out.error.message}`);
    const g = out.graph;
    worst = Math.max(worst, g.heapSize / g.load);
    print(
      `rg.realistic.${name}.heap_mib: ${(g.heapSize / 2 ** 20).toFixed(1)} MiB (LOAD ${(g.load / 2 ** 20).toFixed(1)}, without aliasing ${(g.unaliasedSize / 2 ** 20).toFixed(1)})`,
    );
  }
  print(`rg.realistic.over_load: ${worst.toFixed(4)} x`);
}
