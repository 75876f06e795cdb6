import { D3D12System, defaultAdapters, tier1Adapter } from '../../core';
import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem, LessonRun } from '../types';
import { main, SceneDescs, type Placement } from './code';
import source from './code.ts?raw';
import meta from './meta';

/**
 * This lesson's machine: lesson 1's two GPUs, but the integrated one is an older part on Resource Heap Tier 1 (a heap
 * holds one category of resource; the model's tier1Adapter), beside the discrete one on Tier 2.
 */
export function lessonA3System(): D3D12System {
  const adapters = defaultAdapters();
  adapters[0] = tier1Adapter(adapters[0]);
  return new D3D12System({ settings: { keepGpuReads: true }, adapters });
}

const KiB = (n: number) => `${(n / 1024).toLocaleString('en')} KiB`;
const hex = (n: number) => `0x${n.toString(16).toUpperCase()}`;
const placementsOf = (run: LessonRun) => (run.out.placements as Placement[] | undefined) ?? [];
type Cost = { kind: string; bytes: number; where: string };
const costsOf = (run: LessonRun) => (run.out.costs as Cost[] | undefined) ?? [];
/** The albedo texture's allocation size (GetResourceAllocationInfo on the discrete GPU). */
const albedoSize = (run: LessonRun) =>
  ((run.out.allocationInfo as { name: string; SizeInBytes: number }[] | undefined) ?? []).find(
    (a) => a.name === SceneDescs[1].name,
  )?.SizeInBytes ?? 0;

export const lessonA3 = defineLesson(meta, {
  source,
  run(env) {
    const run = runLessonCode(main, env, lessonA3System);
    const gpus = (run.out.gpus as { label: string; name: string; heapTier: number; tiledTier: number }[]) ?? [];
    run.out.tiers = {
      title: {
        en: 'The two GPUs: CheckFeatureSupport(D3D12_OPTIONS)',
        zh: '两块 GPU：CheckFeatureSupport(D3D12_OPTIONS)',
      },
      columns: [
        { en: 'GPU', zh: 'GPU' },
        { en: 'ResourceHeapTier', zh: 'ResourceHeapTier' },
        { en: 'TiledResourcesTier', zh: 'TiledResourcesTier' },
        { en: 'Heaps for the scene', zh: '场景用的堆' },
      ],
      rows: gpus.map((g) => [
        g.name,
        `D3D12_RESOURCE_HEAP_TIER_${g.heapTier}`,
        `D3D12_TILED_RESOURCES_TIER_${g.tiledTier}`,
        g.heapTier === 1 ? 'one per category (ALLOW_ONLY_*)' : 'one (ALLOW_ALL_BUFFERS_AND_TEXTURES)',
      ]),
      testId: 'tier-table',
    };
    run.out.layout = {
      title: {
        en: 'Placed resources: GetResourceAllocationInfo, then HeapOffset = AlignUp(previous end, Alignment)',
        zh: '放置资源：先 GetResourceAllocationInfo，再 HeapOffset = AlignUp(上一个的末尾, Alignment)',
      },
      columns: [
        { en: 'GPU', zh: 'GPU' },
        { en: 'Heap', zh: '堆' },
        { en: 'Resource', zh: '资源' },
        { en: 'SizeInBytes', zh: 'SizeInBytes' },
        { en: 'Alignment', zh: 'Alignment' },
        { en: 'HeapOffset', zh: 'HeapOffset' },
        { en: 'CreatePlacedResource', zh: 'CreatePlacedResource' },
      ],
      rows: placementsOf(run).map((p) => [
        p.device,
        `#${p.heap}`,
        p.resource,
        KiB(p.size),
        KiB(p.alignment),
        `${hex(p.offset)} (${KiB(p.offset)})`,
        p.hr,
      ]),
      highlight: placementsOf(run).findIndex((p) => p.hr !== 'S_OK'),
      testId: 'placement-table',
    };
    run.out.costTable = {
      title: {
        en: 'The albedo texture three ways (discrete GPU): what each adds to QueryVideoMemoryInfo().CurrentUsage',
        zh: '反照率纹理的三种创建方式（独立显卡）：各自让 QueryVideoMemoryInfo().CurrentUsage 增加多少',
      },
      columns: [
        { en: 'Kind', zh: '类型' },
        { en: 'Memory added', zh: '新增内存' },
        { en: 'Where it lives', zh: '位置' },
      ],
      rows: costsOf(run).map((c) => [c.kind, KiB(c.bytes), c.where]),
      testId: 'cost-table',
    };
    return run;
  },
  async check(run) {
    const placements = placementsOf(run);
    const bad = placements.filter((p) => p.offset % p.alignment !== 0 || p.hr !== 'S_OK');
    const gpus = (run.out.gpus as { heapTier: number }[] | undefined) ?? [];
    const heapsPerTier = (tier: number) => new Set(placements.filter((p) => p.tier === tier).map((p) => p.heap)).size;
    const costs = costsOf(run);
    const cost = (k: string) => costs.find((c) => c.kind === k)?.bytes;
    const size = albedoSize(run);
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: placements.length === 2 * SceneDescs.length && bad.length === 0,
        what: {
          en: 'placed offsets aligned: every HeapOffset is a multiple of the Alignment GetResourceAllocationInfo reported',
          zh: '放置偏移已对齐：每个 HeapOffset 都是 GetResourceAllocationInfo 报告的 Alignment 的倍数',
        },
        expected: `${2 * SceneDescs.length} resources placed, HeapOffset % Alignment == 0`,
        got: bad.length
          ? bad
              .map(
                (p) =>
                  `${p.resource} at ${p.offset} (${p.offset} % ${p.alignment} = ${p.offset % p.alignment}) → ${p.hr}`,
              )
              .join('; ')
          : `${placements.length} placed, all aligned`,
      },
      {
        level: 'correct',
        ok: gpus.some((g) => g.heapTier === 1) && heapsPerTier(1) === SceneDescs.length && heapsPerTier(2) === 1,
        what: {
          en: 'heap tiers respected: one heap per category on Tier 1, one shared heap on Tier 2',
          zh: '遵守堆层级：层级 1 每类资源一个堆，层级 2 共用一个堆',
        },
        expected: `Tier 1: ${SceneDescs.length} heaps; Tier 2: 1 heap`,
        got: `Tier 1: ${heapsPerTier(1)} heap(s); Tier 2: ${heapsPerTier(2)} heap(s)`,
      },
      {
        level: 'correct',
        ok: cost('committed') === size && cost('placed') === 0 && cost('reserved') === 2 * 65536,
        what: {
          en: 'memory cost measured: committed = its own allocation, placed = nothing new, reserved = mapped tiles only',
          zh: '测得的内存开销：提交资源 = 自己的一份分配，放置资源 = 没有新增，保留资源 = 只算已映射的图块',
        },
        expected: `committed ${size}, placed 0, reserved ${2 * 65536} bytes`,
        got: costs.length
          ? costs.map((c) => `${c.kind} ${c.bytes}`).join(', ')
          : 'not measured (the code stopped earlier)',
      },
    ];
    return items;
  },
});

export default lessonA3;
