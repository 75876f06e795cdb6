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
};

export function strings(lang: Lang): typeof en {
  return lang === 'zh' ? zh : en;
}
