import { D3D12_HEAP_TYPE_DEFAULT, ID3D12Resource, indexTrace } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import { pixelItem, type RGBA } from '../common/checks';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { type AdapterMemoryRow, type ResidencyRow, columnOf, main, regionColour } from './code';
import source from './code.ts?raw';
import meta from './meta';

const GiB = (n: number) => `${(n / 2 ** 30).toFixed(2)} GiB`;
const rowsOf = (run: LessonRun) => (run.out.rows as ResidencyRow[] | undefined) ?? [];

/**
 * Video memory (DXGI_MEMORY_SEGMENT_GROUP_LOCAL) resident over the run, measured from the trace rather than asked of
 * the code: DEFAULT heaps and committed DEFAULT resources (not the swap chain's buffers) count from their `alloc` event until their `free`, except
 * while a `residency` event says they are evicted ([MEM-RES-1]). One point per call that changed it.
 */
export function localUsage(run: LessonRun): { i: number; bytes: number }[] {
  // the swap chain's buffers belong to DXGI, not to the application's budget (the model's ledger leaves them out)
  const swapChain = (id: number) => {
    const o = run.sys.object(id);
    return o instanceof ID3D12Resource && o.placement === 'swapchain';
  };
  const live = new Map<number, { bytes: number; resident: boolean }>();
  let now = 0;
  const points: { i: number; bytes: number }[] = [];
  for (const e of run.sys.trace.events) {
    if (e.k === 'alloc' && e.heapType === D3D12_HEAP_TYPE_DEFAULT && e.placement !== 'placed' && !swapChain(e.res)) {
      live.set(e.res, { bytes: e.size, resident: true });
      now += e.size;
    } else if (e.k === 'free' && live.has(e.res)) {
      const a = live.get(e.res)!;
      if (a.resident) now -= a.bytes;
      live.delete(e.res);
    } else if (e.k === 'residency' && e.local && live.has(e.obj)) {
      const a = live.get(e.obj)!;
      if (a.resident !== e.resident) now += e.resident ? a.bytes : -a.bytes;
      a.resident = e.resident;
    } else continue;
    points.push({ i: e.i, bytes: now });
  }
  return points;
}

/** Usage at each frame's Present (the chart's points). */
export function usagePerFrame(run: LessonRun): number[] {
  const points = localUsage(run);
  const presents = indexTrace(run.sys.trace)
    .calls.filter((c) => c && /::Present/.test(c.api))
    .map((c) => c!.i);
  return presents.map((p) => {
    let v = 0;
    for (const pt of points) if (pt.i <= p) v = pt.bytes;
    return v;
  });
}

export const lessonA8 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  // the adapter loop ends at DXGI_ERROR_NOT_FOUND (lesson 1)
  expectedFailures: [{ api: 'IDXGIFactory6::EnumAdapterByGpuPreference', hr: 'DXGI_ERROR_NOT_FOUND' }],
  run(env) {
    const run = runLessonCode(main, env);
    const memory = (run.out.memory as AdapterMemoryRow[] | undefined) ?? [];
    run.out.memoryTable = {
      title: {
        en: 'IDXGIAdapter3::QueryVideoMemoryInfo on each modelled adapter, before the run',
        zh: '运行前对每个模拟适配器调用 IDXGIAdapter3::QueryVideoMemoryInfo',
      },
      columns: [
        { en: 'Adapter', zh: '适配器' },
        { en: 'Segment group', zh: '段组' },
        { en: 'Budget', zh: 'Budget' },
        { en: 'CurrentUsage', zh: 'CurrentUsage' },
      ],
      rows: memory.map((m) => [m.adapter, m.group, GiB(m.Budget), GiB(m.CurrentUsage)]),
      highlight: 0,
      testId: 'memory-table',
    };
    const usage = usagePerFrame(run);
    const rows = rowsOf(run);
    run.out.table = {
      title: {
        en: 'The texture cache frame by frame (regions of 768 MiB; LOCAL usage measured at each Present)',
        zh: '纹理缓存逐帧情况（每个区域 768 MiB；在每次 Present 时测得的 LOCAL 占用）',
      },
      columns: [
        { en: 'Frame', zh: '帧' },
        { en: 'Visible regions', zh: '可见区域' },
        { en: 'QueryVideoMemoryInfo: usage / budget', zh: 'QueryVideoMemoryInfo：占用 / 预算' },
        { en: 'Created', zh: '新建' },
        { en: 'MakeResident', zh: 'MakeResident' },
        { en: 'Evict', zh: 'Evict' },
        { en: 'Usage at Present', zh: 'Present 时的占用' },
      ],
      rows: rows.map((r, k) => [
        r.frame,
        r.visible.join(', '),
        r.budget === null ? '—' : `${GiB(r.usage ?? 0)} / ${GiB(r.budget)}`,
        r.created.join(', ') || '—',
        r.madeResident.join(', ') || '—',
        r.evicted.join(', ') || '—',
        usage[k] === undefined ? '—' : GiB(usage[k]),
      ]),
      testId: 'residency-table',
    };
    const budget = run.out.budget as number | undefined;
    run.out.chart = {
      title: { en: 'Video memory in use per frame, against the budget', zh: '每帧占用的显存与预算' },
      unit: 'GiB',
      scale: 2 ** 30,
      points: usage,
      limit: budget ?? null,
      limitLabel: { en: 'Budget (QueryVideoMemoryInfo)', zh: '预算（QueryVideoMemoryInfo）' },
      testId: 'budget-chart',
    };
    return run;
  },
  async check(run, pixels, env) {
    const items: CheckItem[] = [];
    const budget = run.out.budget as number | undefined;
    const points = localUsage(run);
    const peak = Math.max(0, ...points.map((p) => p.bytes));
    const rows = rowsOf(run);
    items.push({
      level: 'correct',
      ok: budget !== undefined && rows.length > 0 && peak <= budget,
      what: {
        en: 'stays within budget under pressure: resident video memory (LOCAL), measured over the whole run, never exceeds the Budget QueryVideoMemoryInfo reports',
        zh: '压力下保持在预算之内：整个运行过程中测得的常驻显存（LOCAL）从未超过 QueryVideoMemoryInfo 报告的 Budget',
      },
      expected: budget === undefined ? 'a budget' : `≤ ${GiB(budget)}`,
      got: `${GiB(peak)} at the peak`,
    });
    const evicted = rows.reduce((n, r) => n + r.evicted.length, 0);
    const created = new Set(rows.flatMap((r) => r.created)).size;
    items.push({
      level: 'correct',
      ok: created * 768 * 2 ** 20 > (budget ?? Infinity),
      what: {
        en: 'the world needs more than the budget: the regions created add up to more than it',
        zh: '这个世界需要的比预算多：创建的区域加起来超过了预算',
      },
      expected: `> ${budget === undefined ? '?' : GiB(budget)}`,
      got: `${created} regions, ${GiB(created * 768 * 2 ** 20)} (${evicted} evictions)`,
    });
    const shown = (run.out.lastVisible as number[] | undefined) ?? [];
    for (let c = 0; c < shown.length; c++) {
      const [x, w] = columnOf(c, env.width);
      items.push(
        await pixelItem(pixels, x + Math.floor(w / 2), env.height / 2, regionColour(shown[c]) as RGBA, {
          en: `column ${c} shows region ${shown[c]}`,
          zh: `第 ${c} 列显示区域 ${shown[c]}`,
        }),
      );
    }
    return items;
  },
});

export default lessonA8;
