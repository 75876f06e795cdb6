import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonDef, LessonRun } from '../types';
import { D3D12_SRV_DIMENSION_TEXTURE2D, DXGI_FORMAT_R8G8B8A8_UNORM, type ID3D12DescriptorHeap, type ID3D12Resource } from '../../core';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { checkerAt, PROBES } from '../14-texture-states';
import { drawnTexture, sampledItems } from '../14-texture-states/sample';
import { main } from './code';
import source from './code.ts?raw';

type SrvDescLike = { ViewDimension?: number; Texture2D?: { MipLevels?: number } } | null;

/** [DH-*] The descriptor the draw's table reads, decoded from the model's heap: is it an SRV of the lesson's checker? */
export function descriptorItem(run: LessonRun): CheckItem {
  const drawn = drawnTexture(run);
  const what = { en: 'the descriptor at the slot the table reads is an SRV of the checker texture: R8G8B8A8_UNORM, TEXTURE2D, 1 mip', zh: '描述符表读取的槽位上是棋盘格纹理的 SRV：R8G8B8A8_UNORM、TEXTURE2D、1 级 mip' };
  const expected = `SRV of resource #${String(run.out.texture)} (checker), R8G8B8A8_UNORM, TEXTURE2D, 1 mip`;
  if (!drawn.srv) return { level: 'correct', ok: false, what, expected, got: 'no draw with a descriptor table ran' };
  const heap = run.sys.object(drawn.srv.heap) as ID3D12DescriptorHeap | undefined;
  const c = heap?.slots[drawn.srv.slot] ?? null;
  if (!c) return { level: 'correct', ok: false, what, expected, got: `heap #${drawn.srv.heap} slot ${drawn.srv.slot}: never written` };
  const d = c.desc as SrvDescLike;
  const mips = d?.Texture2D?.MipLevels ?? (c.resource as ID3D12Resource | null)?.desc.MipLevels;
  const name = c.resource ? `#${c.resource.id}${c.resource.name ? ` (${c.resource.name})` : ''}` : 'null';
  const ok = c.kind === 'SRV' && c.res === run.out.texture && c.format === DXGI_FORMAT_R8G8B8A8_UNORM && d?.ViewDimension === D3D12_SRV_DIMENSION_TEXTURE2D && mips === 1;
  const fmt = c.format === DXGI_FORMAT_R8G8B8A8_UNORM ? 'R8G8B8A8_UNORM' : `format ${c.format}`;
  return { level: 'correct', ok, what, expected, got: `heap #${drawn.srv.heap} slot ${drawn.srv.slot}: ${c.kind} of resource ${name}, ${fmt}, ${d?.ViewDimension === D3D12_SRV_DIMENSION_TEXTURE2D ? 'TEXTURE2D' : `dimension ${String(d?.ViewDimension)}`}, ${String(mips)} mip` };
}

export const lesson15: LessonDef = {
  entry: findLesson('15')!,
  source,
  panels: ['descriptors', 'events', 'states', 'log'],
  canvas: true,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const heap = run.sys.object(run.out.heap as number) as ID3D12DescriptorHeap | undefined;
    if (heap) {
      const inc = heap.increment;
      run.out.table = {
        title: { en: `The SRV heap's first slots, ${inc} bytes apart (GetDescriptorHandleIncrementSize)`, zh: `SRV 堆的前几个槽位，相隔 ${inc} 字节（GetDescriptorHandleIncrementSize）` },
        columns: [{ en: 'Slot', zh: '槽位' }, { en: 'CPU handle', zh: 'CPU 句柄' }, { en: 'GPU handle', zh: 'GPU 句柄' }, { en: 'Holds', zh: '内容' }],
        rows: Array.from({ length: 6 }, (_, k) => {
          const c = heap.slots[k];
          return [String(k), String(heap.cpuBase + k * inc), String(heap.gpuBase + k * inc), c ? `${c.kind} → #${c.res}${c.resource?.name ? ` (${c.resource.name})` : ''}` : '—'];
        }),
        testId: 'slot-table',
      };
    }
    return run;
  },
  bugs: [{
    id: 'hardcoded-increment',
    name: { en: 'Slot addresses computed with a hard-coded descriptor size (64) instead of GetDescriptorHandleIncrementSize', zh: '槽位地址用写死的描述符大小（64）计算，而不是 GetDescriptorHandleIncrementSize' },
    lookFor: { en: 'The SRVs land at slots 2 and 4 instead of 1 and 2; the table reads slot 2 and finds the stripes: wrong texture, check fails. No message: the addresses stay inside the heap.', zh: 'SRV 落在槽位 2 和 4，而不是 1 和 2；描述符表读槽位 2，读到的是条纹纹理：纹理错了，检查失败。没有消息：地址仍在堆内。' },
    fix: { en: 'Query the increment with GetDescriptorHandleIncrementSize(type) and use start + slot × increment on both the CPU and GPU side.', zh: '用 GetDescriptorHandleIncrementSize(type) 查询增量，CPU 和 GPU 两边都用 起点 + slot × 增量。' },
    realHardware: { en: 'Works by luck where the size equals the constant; elsewhere wrong descriptors or garbage.', zh: '在大小恰好等于该常量的 GPU 上碰巧能用；在别处是错误的描述符或乱码。' },
    messages: [], simulated: true, visible: true,
  }, {
    id: 'srv-in-rtv-heap',
    name: { en: 'CreateShaderResourceView given CPU handles from the RTV heap instead of the CBV_SRV_UAV heap', zh: 'CreateShaderResourceView 用的是 RTV 堆的 CPU 句柄，而不是 CBV_SRV_UAV 堆的' },
    lookFor: { en: 'INVALID_DESCRIPTOR_HANDLE for the views (and for the table: its slot was never written); the SRV heap stays empty, the draw samples zeros (black); the RTV heap\'s slot 1 now holds an SRV.', zh: '视图报告 INVALID_DESCRIPTOR_HANDLE（描述符表也报：它的槽位从未写入）；SRV 堆仍是空的，绘制采样到零（黑色）；RTV 堆的槽位 1 被写成了 SRV。' },
    fix: { en: 'Write SRVs only into a CBV_SRV_UAV heap, with that heap\'s handles and increment.', zh: 'SRV 只写进 CBV_SRV_UAV 堆，使用该堆的句柄和增量。' },
    realHardware: { en: 'Undefined: neighbouring descriptors overwritten, garbage, or device removal.', zh: '未定义：覆盖相邻描述符、乱码，甚至设备被移除。' },
    messages: ['INVALID_DESCRIPTOR_HANDLE'], simulated: true, visible: true,
  }],
  async check(run, pixels) {
    const texel = (u: number, v: number) => `texel (${Math.floor(u * 4)},${Math.floor(v * 4)})`;
    return [
      descriptorItem(run),
      ...await sampledItems(run, pixels, PROBES, 1, checkerAt, (px, py, u, v) => ({
        en: `the checker's ${texel(u, v)} at pixel (${px},${py})`, zh: `像素 (${px},${py}) 处棋盘格的${texel(u, v).replace('texel', '纹素')}` })),
    ];
  },
};
