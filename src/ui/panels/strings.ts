// The panels' own UI words in both languages (the `lang` prop picks; D3D12 names are never translated).

export type Lang = 'en' | 'zh';
export type PanelKey = 'heap' | 'states' | 'fences' | 'log' | 'descriptors' | 'events';

const en = {
  panels: 'Debugger panels',
  cursor: 'Time cursor',
  callOf: (n: number, m: number) => `call ${n} / ${m}`,
  tabs: { heap: 'heap timeline', states: 'resource states', fences: 'fences & queues', log: 'debug log', descriptors: 'descriptors', events: 'events' } as Record<PanelKey, string>,
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
};

const zh: typeof en = {
  panels: '调试面板',
  cursor: '时间游标',
  callOf: (n: number, m: number) => `调用 ${n} / ${m}`,
  tabs: { heap: '堆时间线', states: '资源状态', fences: '围栏与队列', log: '调试日志', descriptors: '描述符', events: '事件' },
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
};

export function strings(lang: Lang): typeof en {
  return lang === 'zh' ? zh : en;
}
