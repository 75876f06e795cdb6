import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import {
  D3D12_SRV_DIMENSION_TEXTURE2D,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  type ID3D12DescriptorHeap,
  type ID3D12Resource,
} from '../../core';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { checkerAt, PROBES } from '../14-texture-states';
import { drawnTexture, sampledItems } from '../14-texture-states/sample';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

type SrvDescLike = { ViewDimension?: number; Texture2D?: { MipLevels?: number } } | null;

/** [DH-*] The descriptor the draw's table reads, decoded from the model's heap: is it an SRV of the lesson's checker? */
export function descriptorItem(run: LessonRun): CheckItem {
  const drawn = drawnTexture(run);
  const what = {
    en: 'the descriptor at the slot the table reads is an SRV of the checker texture: R8G8B8A8_UNORM, TEXTURE2D, 1 mip',
    zh: '描述符表读取的槽位上是棋盘格纹理的 SRV：R8G8B8A8_UNORM、TEXTURE2D、1 级 mip',
  };
  const expected = `SRV of resource #${String(run.out.texture)} (checker), R8G8B8A8_UNORM, TEXTURE2D, 1 mip`;
  if (!drawn.srv) return { level: 'correct', ok: false, what, expected, got: 'no draw with a descriptor table ran' };
  const heap = run.sys.object(drawn.srv.heap) as ID3D12DescriptorHeap | undefined;
  const c = heap?.slots[drawn.srv.slot] ?? null;
  if (!c)
    return {
      level: 'correct',
      ok: false,
      what,
      expected,
      got: `heap #${drawn.srv.heap} slot ${drawn.srv.slot}: never written`,
    };
  const d = c.desc as SrvDescLike;
  const mips = d?.Texture2D?.MipLevels ?? (c.resource as ID3D12Resource | null)?.desc.MipLevels;
  const name = c.resource ? `#${c.resource.id}${c.resource.name ? ` (${c.resource.name})` : ''}` : 'null';
  const ok =
    c.kind === 'SRV' &&
    c.res === run.out.texture &&
    c.format === DXGI_FORMAT_R8G8B8A8_UNORM &&
    d?.ViewDimension === D3D12_SRV_DIMENSION_TEXTURE2D &&
    mips === 1;
  const fmt = c.format === DXGI_FORMAT_R8G8B8A8_UNORM ? 'R8G8B8A8_UNORM' : `format ${c.format}`;
  return {
    level: 'correct',
    ok,
    what,
    expected,
    got: `heap #${drawn.srv.heap} slot ${drawn.srv.slot}: ${c.kind} of resource ${name}, ${fmt}, ${d?.ViewDimension === D3D12_SRV_DIMENSION_TEXTURE2D ? 'TEXTURE2D' : `dimension ${String(d?.ViewDimension)}`}, ${String(mips)} mip`,
  };
}

export const lesson15 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const heap = run.sys.object(run.out.heap as number) as ID3D12DescriptorHeap | undefined;
    if (heap) {
      const inc = heap.increment;
      run.out.table = {
        title: {
          en: `The SRV heap's first slots, ${inc} bytes apart (GetDescriptorHandleIncrementSize)`,
          zh: `SRV 堆的前几个槽位，相隔 ${inc} 字节（GetDescriptorHandleIncrementSize）`,
        },
        columns: [
          { en: 'Slot', zh: '槽位' },
          { en: 'CPU handle', zh: 'CPU 句柄' },
          { en: 'GPU handle', zh: 'GPU 句柄' },
          { en: 'Holds', zh: '内容' },
        ],
        rows: Array.from({ length: 6 }, (_, k) => {
          const c = heap.slots[k];
          return [
            String(k),
            String(heap.cpuBase + k * inc),
            String(heap.gpuBase + k * inc),
            c ? `${c.kind} → #${c.res}${c.resource?.name ? ` (${c.resource.name})` : ''}` : '—',
          ];
        }),
        testId: 'slot-table',
      };
    }
    return run;
  },
  async check(run, pixels) {
    const texel = (u: number, v: number) => `texel (${Math.floor(u * 4)},${Math.floor(v * 4)})`;
    return [
      descriptorItem(run),
      ...(await sampledItems(run, pixels, PROBES, 1, checkerAt, (px, py, u, v) => ({
        en: `the checker's ${texel(u, v)} at pixel (${px},${py})`,
        zh: `像素 (${px},${py}) 处棋盘格的${texel(u, v).replace('texel', '纹素')}`,
      }))),
    ];
  },
});

export default lesson15;
