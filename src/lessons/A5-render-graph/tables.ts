// What lesson A5's page shows beside the canvas, as output tables: each resource's lifetime over the passes, the
// placement (which resources share bytes, and when), the barriers the compile inserted, and the memory with and
// without aliasing. Built from the same values the code runs with, so the tables are the run, not a description.
import {
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_STATE_PRESENT,
  resourceStateShort,
  type CompiledGraph,
  type RGDesc,
  type RGError,
} from '../../core';

const kib = (b: number) => `${b / 1024} KiB`;

export function graphTables(
  out: Record<string, unknown>,
  graph: RGDesc,
  life: { first: number[]; last: number[] },
  packed: number[],
  stacked: number[],
  compiled: { graph: CompiledGraph } | { error: RGError },
  bug: (id: string) => boolean,
) {
  const { resources, passes } = graph;
  // 1. Lifetimes: W = written, R = read, │ = alive in between, · = dead
  out.lifetimes = {
    title: {
      en: 'Lifetimes: which pass writes (W) and reads (R) each resource',
      zh: '生命周期：每个资源在哪个 pass 被写（W）、被读（R）',
    },
    columns: [
      { en: 'Resource', zh: '资源' },
      ...passes.map((p, k) => ({ en: `${k} ${p.name}`, zh: `${k} ${p.name}` })),
    ],
    rows: resources.map((res, r) => [
      res.imported ? `${res.name} (imported)` : res.name,
      ...passes.map((pass, p) =>
        pass.writes?.includes(res.name)
          ? 'W'
          : pass.reads?.includes(res.name)
            ? 'R'
            : p > life.first[r] && p < life.last[r]
              ? '│'
              : '·',
      ),
    ]),
    testId: 'rg-lifetimes',
  };
  // 2. Placement: offsets in the aliased heap, and who shares the bytes (alive at other times)
  const error = 'error' in compiled ? compiled.error : null;
  const clash = (r: number) => (error?.resources.includes(resources[r].name) ? '  ✗ clash' : '');
  out.placement = {
    title: { en: 'Placement in the transient heap', zh: '瞬态堆中的放置' },
    columns: [
      { en: 'Resource', zh: '资源' },
      { en: 'Alive in passes', zh: '存活的 pass' },
      { en: 'Bytes', zh: '字节' },
      { en: 'Offset (aliased heap)', zh: '偏移（别名堆）' },
      { en: 'Shares bytes with', zh: '与之共用字节' },
      { en: 'Offset (no aliasing)', zh: '偏移（无别名）' },
    ],
    rows: resources.flatMap((res, r) => {
      if (res.imported) return [];
      const mine = [packed[r], packed[r] + res.size];
      const sharers = resources
        .map((o, q) => ({ o, q }))
        .filter(({ o, q }) => q !== r && !o.imported && packed[q] < mine[1] && mine[0] < packed[q] + o.size)
        .map(({ o, q }) => `${o.name} (passes ${life.first[q]}–${life.last[q]})`);
      return [
        [
          res.name,
          `${life.first[r]}–${life.last[r]}`,
          kib(res.size),
          `${kib(packed[r])}${clash(r)}`,
          sharers.join(', ') || '—',
          kib(stacked[r]),
        ],
      ];
    }),
    testId: 'rg-placement',
  };
  if ('error' in compiled) {
    const error = compiled.error;
    out.graphError = error;
    out.compileError = {
      title: { en: 'Graph compile error', zh: '渲染图编译错误' },
      columns: [
        { en: 'Code', zh: '代码' },
        { en: 'Resources', zh: '资源' },
        { en: 'Passes', zh: 'pass' },
        { en: 'Message', zh: '信息' },
      ],
      rows: [[error.code, error.resources.join(', '), error.passes.join(', '), error.message]],
      testId: 'rg-error',
    };
    return;
  }
  const g = compiled.graph;
  // 3. Barriers, before each pass (and after the last)
  const name = (r: number) => resources[r].name;
  // PRESENT and COMMON are the same value (0): for the back buffer, say PRESENT
  const state = (r: number, s: number) =>
    s === D3D12_RESOURCE_STATE_PRESENT && resources[r].imported && resources[r].finalState === s
      ? 'PRESENT'
      : resourceStateShort(s);
  const rows: string[][] = [];
  for (let p = 0; p <= passes.length; p++) {
    for (let k = g.barrierStart[p]; k < g.barrierStart[p + 1]; k++) {
      const b = g.barriers[k];
      const where = p < passes.length ? `before ${p} ${passes[p].name}` : 'after the last pass';
      if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING)
        rows.push([
          where,
          bug('missing-aliasing-barrier') ? 'ALIASING — not recorded (bug)' : 'ALIASING',
          name(b.resource),
          `ResourceBefore ${name(b.before!)} → ResourceAfter ${name(b.resource)}`,
        ]);
      else
        rows.push([
          where,
          'TRANSITION',
          name(b.resource),
          `${state(b.resource, b.StateBefore!)} → ${state(b.resource, b.StateAfter!)}`,
        ]);
    }
  }
  out.barriers = {
    title: { en: 'Barriers the graph inserted', zh: '渲染图插入的屏障' },
    columns: [
      { en: 'Where', zh: '位置' },
      { en: 'Type', zh: '类型' },
      { en: 'Resource', zh: '资源' },
      { en: 'Detail', zh: '细节' },
    ],
    rows,
    testId: 'rg-barriers',
  };
  // 4. Memory
  let unaliased = 0;
  resources.forEach((res, r) => {
    if (!res.imported) unaliased = Math.max(unaliased, stacked[r] + res.size);
  });
  out.memory = {
    title: { en: 'Transient memory with and without aliasing', zh: '有无别名时的瞬态内存' },
    columns: [
      { en: 'Heap', zh: '堆' },
      { en: 'Bytes', zh: '字节' },
      { en: 'KiB', zh: 'KiB' },
    ],
    rows: [
      ['without aliasing (every transient in its own bytes)', String(unaliased), String(unaliased / 1024)],
      ['with aliasing (the placement above)', String(g.heapSize), String(g.heapSize / 1024)],
      ['lower bound: most bytes alive in one pass (LOAD)', String(g.load), String(g.load / 1024)],
    ],
    testId: 'rg-memory',
  };
}
