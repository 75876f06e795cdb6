import { D3D12System, DXGI_ADAPTER_FLAG_SOFTWARE, webgpuAdapterFacts } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem } from '../types';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type Desc = {
  Description: string;
  VendorId: number;
  DedicatedVideoMemory: number;
  SharedSystemMemory: number;
  Flags: number;
  index: number;
};
const MiB = 1024 * 1024;

export const lesson01 = defineLesson(meta, {
  source,
  usesLiveAdapter: true,
  run(env) {
    // The modelled laptop (integrated GPU first, discrete second, WARP), plus the browser's own adapter when known
    const run = runLessonCode(main, env, () => {
      const sys = new D3D12System();
      if (env.liveAdapter) sys.addAdapter(webgpuAdapterFacts(env.liveAdapter));
      return sys;
    });
    const list = (run.out.adapters as Desc[] | undefined) ?? [];
    const chosen = run.out.chosen as Desc | undefined;
    run.out.table = {
      title: {
        en: 'Adapters, in DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE order',
        zh: '按 DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE 排序的适配器',
      },
      columns: [
        { en: 'Description', zh: '描述' },
        { en: 'VendorId', zh: '厂商 ID' },
        { en: 'Dedicated video memory', zh: '专用显存' },
        { en: 'Flags', zh: '标志' },
      ],
      rows: list.map((d) => [
        d.Description,
        `0x${d.VendorId.toString(16).toUpperCase()}`,
        `${Math.round(d.DedicatedVideoMemory / MiB)} MiB`,
        d.Flags & DXGI_ADAPTER_FLAG_SOFTWARE ? 'SOFTWARE' : 'NONE',
      ]),
      highlight: chosen ? list.findIndex((d) => d.index === chosen.index) : undefined,
      testId: 'adapter-table',
    };
    return run;
  },
  expectedFailures: [{ api: 'IDXGIFactory6::EnumAdapterByGpuPreference', hr: 'DXGI_ERROR_NOT_FOUND' }],
  async check(run) {
    const list = (run.out.adapters as Desc[] | undefined) ?? [];
    const chosen = run.out.chosen as Desc | undefined;
    const hardware = list.filter((d) => !(d.Flags & DXGI_ADAPTER_FLAG_SOFTWARE));
    const best = hardware.reduce<Desc | null>(
      (a, d) => (!a || d.DedicatedVideoMemory > a.DedicatedVideoMemory ? d : a),
      null,
    );
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: list.length >= 2 && list.every((d) => d.Description && d.VendorId !== undefined),
        what: {
          en: 'the list shows every adapter with name, vendor and dedicated memory',
          zh: '列表列出每个适配器的名称、厂商和专用显存',
        },
        expected: '≥ 2 adapters',
        got: `${list.length} adapters`,
      },
      {
        level: 'correct',
        ok: !!chosen && !!best && chosen.index === best.index,
        what: { en: 'the chosen adapter is the high-performance one', zh: '选中的是高性能适配器' },
        expected: best ? `${best.Description} (${Math.round(best.DedicatedVideoMemory / MiB)} MiB)` : '?',
        got: chosen ? `${chosen.Description} (${Math.round(chosen.DedicatedVideoMemory / MiB)} MiB)` : 'none',
      },
    ];
    return items;
  },
});

export default lesson01;
