// The panels' words for query heaps and bundles, in both languages (as strings.ts: the `lang` prop picks; D3D12
// names are never translated). Kept apart from strings.ts so the panels' shared table stays untouched.
import type { Lang } from './strings';
import type { QuerySlotStatus } from './layout/queries';

const en = {
  queryHeaps: 'Query heaps',
  queries: (n: number) => `${n} queries`,
  status: { never: 'never performed', written: 'written', resolved: 'resolved' } as Record<QuerySlotStatus, string>,
  short: { never: '—', written: 'W', resolved: 'R' } as Record<QuerySlotStatus, string>,
  legend:
    'Each slot: "W" an EndQuery has run on the GPU and written it; "R" a ResolveQueryData then copied it into a buffer; "—" never performed (resolving it is RESOLVE_QUERY_INVALID_QUERY_STATE). Hover for the value.',
  clock: (hz: number) => `timestamp clock ${hz.toLocaleString('en-US')} Hz (GetTimestampFrequency)`,
  moreSlots: (n: number) => `… ${n} more slots`,
  slot: 'slot',
  value: 'value',
  inherits: 'inherits from the parent list',
  ownState: 'sets itself (the PSO and topology are never inherited; what it sets stays set on the parent)',
  nothing: 'nothing',
};

const zh: typeof en = {
  queryHeaps: '查询堆',
  queries: (n: number) => `${n} 个查询`,
  status: { never: '从未执行', written: '已写入', resolved: '已解析' },
  short: { never: '—', written: 'W', resolved: 'R' },
  legend:
    '每个槽：“W”表示 EndQuery 已在 GPU 上运行并写入；“R”表示随后 ResolveQueryData 已把它复制到缓冲区；“—”表示从未执行（解析它会报 RESOLVE_QUERY_INVALID_QUERY_STATE）。悬停查看数值。',
  clock: (hz: number) => `时间戳时钟 ${hz.toLocaleString('en-US')} Hz（GetTimestampFrequency）`,
  moreSlots: (n: number) => `… 另有 ${n} 个槽`,
  slot: '槽',
  value: '数值',
  inherits: '从父命令列表继承',
  ownState: '自行设置（PSO 与图元拓扑从不继承；它设置的状态在父列表中保持）',
  nothing: '无',
};

export function queryStrings(lang: Lang): typeof en {
  return lang === 'zh' ? zh : en;
}
