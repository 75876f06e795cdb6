// The panels' own UI words in both languages (the `lang` prop picks; D3D12 names are never translated).
// Panel titles come from the panel registry (src/lessons/panels.ts), like their names and order.
import { panelTitles } from '../../lessons/panels';

export type Lang = 'en' | 'zh';

const en = {
  panels: 'Debugger panels',
  cursor: 'Time cursor',
  callOf: (n: number, m: number) => `call ${n} / ${m}`,
  tabs: panelTitles('en'),
  table: 'table view',
  exportTrace: 'export trace (Perfetto JSON)',
  xCall: 'x: call index',
  xTime: 'x: modelled time',
  noData: 'Nothing recorded yet as of this call.',
  breakOn: 'break on',
  nextMessage: 'run to next',
  prevMessage: 'previous',
  severity: 'severity',
  messageId: 'message ID',
  allIds: 'all IDs',
  later: (n: number) => `${n} more after the cursor`,
  expand: 'per subresource',
  rowsLegend:
    'Each lane has two rows: "list" is the state as the command list records it (what its barriers declare, checked at record time); "queue" is the state the GPU sees when the list executes (promotion, decay). Faded: no open list has declared a state, so the list follows the queue.',
  recordedCol: (n: number) => `as the list records it (call ${n})`,
  queueCol: (n: number) => `on the queue (call ${n})`,
  followsQueue: '(not declared by a list: follows the queue)',
  byList: (list: number) => `(declared by a barrier in list #${list})`,
  subsDiffer: 'subresources differ',
  rowLabels: { recorded: 'list', queue: 'queue', follows: '(queue)' },
  glyphs: {
    barrier: 'transition barrier',
    promotion: 'implicit promotion',
    decay: 'implicit decay',
    message: 'debug message',
  },
};

const zh: typeof en = {
  panels: '调试面板',
  cursor: '时间游标',
  callOf: (n: number, m: number) => `调用 ${n} / ${m}`,
  tabs: panelTitles('zh'),
  table: '表格视图',
  exportTrace: '导出 trace（Perfetto JSON）',
  xCall: 'x：调用序号',
  xTime: 'x：模型时间',
  noData: '到此调用为止尚无记录。',
  breakOn: '中断于',
  nextMessage: '运行到下一条',
  prevMessage: '上一条',
  severity: '严重级别',
  messageId: '消息 ID',
  allIds: '全部 ID',
  later: (n: number) => `游标之后还有 ${n} 条`,
  expand: '按子资源',
  rowsLegend:
    '每条泳道有两行：“列表”是命令列表录制时的状态（其屏障声明的状态，录制时检查）；“队列”是列表执行时 GPU 看到的状态（提升、衰减）。淡色：没有打开的列表声明过状态，列表沿用队列上的状态。',
  recordedCol: (n: number) => `命令列表录制的状态（调用 ${n}）`,
  queueCol: (n: number) => `队列上的状态（调用 ${n}）`,
  followsQueue: '（列表未声明：沿用队列上的状态）',
  byList: (list: number) => `（由列表 #${list} 中的屏障声明）`,
  subsDiffer: '子资源状态不同',
  rowLabels: { recorded: '列表', queue: '队列', follows: '（队列）' },
  glyphs: { barrier: '转换屏障', promotion: '隐式提升', decay: '隐式衰减', message: '调试消息' },
};

export function strings(lang: Lang): typeof en {
  return lang === 'zh' ? zh : en;
}
