import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { CheckItem } from '../types';
import { type DredReport, HangMs, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

const hex = (va: number) => `0x${va.toString(16).toUpperCase()}`;

/** What the breadcrumbs say about one list: its last completed and its first incomplete operation. */
export function bracket(n: DredReport['breadcrumbs'][number]): { lastDone: string; firstIncomplete: string } {
  return {
    lastDone: n.last > 0 ? `${n.history[n.last - 1]} (#${n.last - 1})` : 'none (LastBreadcrumbValue 0)',
    firstIncomplete: n.last < n.count ? `${n.history[n.last]} (#${n.last})` : 'none (all completed)',
  };
}

export const lesson24 = defineLesson(meta, {
  source,
  // The lesson removes the device on purpose (a submission longer than the ~2 s timeout detection); the layer
  // reports that removal (#232) like any other.
  expectedRemoval: 'DXGI_ERROR_DEVICE_HUNG',
  expectedMessages: ['DEVICE_REMOVAL_PROCESS_AT_FAULT'],
  expectedFailures: [{ api: 'ID3D12Device::GetDeviceRemovedReason', hr: 'DXGI_ERROR_DEVICE_HUNG' }],
  run(env) {
    const run = runLessonCode(main, env);
    const d = run.out.dred as DredReport | undefined;
    if (d) {
      const rows: string[][] = [
        ['GetDeviceRemovedReason()', d.reason],
        ['GetAutoBreadcrumbsOutput()', d.breadcrumbsHr],
      ];
      for (const n of d.breadcrumbs) {
        const b = bracket(n);
        rows.push([
          `${n.list ?? '(unnamed list)'} on ${n.queue ?? '(unnamed queue)'}: CommandHistory`,
          n.history.map((op, k) => `${k}: ${op}`).join(', '),
        ]);
        rows.push([`${n.list ?? '(unnamed list)'}: LastBreadcrumbValue / BreadcrumbCount`, `${n.last} / ${n.count}`]);
        rows.push([`${n.list ?? '(unnamed list)'}: last completed operation`, b.lastDone]);
        rows.push([`${n.list ?? '(unnamed list)'}: first incomplete operation`, b.firstIncomplete]);
      }
      rows.push(['GetPageFaultAllocationOutput()', d.pageFaultHr]);
      rows.push(['PageFaultVA', d.pageFaultVA ? hex(d.pageFaultVA) : '0 (no page fault)']);
      rows.push([
        'HeadRecentFreedAllocationNode',
        d.freed.length ? d.freed.map((x) => x ?? '(unnamed)').join(', ') : '—',
      ]);
      rows.push([
        'HeadExistingAllocationNode',
        d.existing.length ? d.existing.map((x) => x ?? '(unnamed)').join(', ') : '—',
      ]);
      run.out.table = {
        title: {
          en: 'After the removal: GetDeviceRemovedReason and the DRED output',
          zh: '设备移除之后：GetDeviceRemovedReason 与 DRED 输出',
        },
        columns: [
          { en: 'Field', zh: '字段' },
          { en: 'Value', zh: '值' },
        ],
        rows,
        testId: 'dred-table',
      };
    }
    return run;
  },
  async check(run) {
    const d = run.out.dred as DredReport | undefined;
    const node = d?.breadcrumbs.find((n) => n.last < n.count);
    const b = node ? bracket(node) : null;
    const items: CheckItem[] = [
      {
        level: 'correct',
        ok: d?.reason === 'DXGI_ERROR_DEVICE_HUNG',
        what: {
          en: 'after the deliberate fault the fence read UINT64_MAX and the code logged GetDeviceRemovedReason()',
          zh: '故意制造故障之后围栏读到 UINT64_MAX，代码记录了 GetDeviceRemovedReason()',
        },
        expected: 'DXGI_ERROR_DEVICE_HUNG',
        got: d ? d.reason : 'the device was never removed: nothing read',
      },
      {
        level: 'correct',
        ok: d?.breadcrumbsHr === 'S_OK' && node?.list === 'hangList',
        what: {
          en: `the DRED breadcrumbs name the last completed and the first incomplete operation of the list that hung: the injected hang (hangList, ${HangMs} ms of GPU work, past the ~2 s timeout detection)`,
          zh: `DRED 面包屑指出挂起的命令列表里最后完成的和第一个未完成的操作：即注入的挂起（hangList，${HangMs} 毫秒的 GPU 工作，超过约 2 秒的超时检测）`,
        },
        expected: 'hangList: last completed none (LastBreadcrumbValue 0), first incomplete RESOURCEBARRIER (#0)',
        got:
          node && b
            ? `${node.list}: last completed ${b.lastDone}, first incomplete ${b.firstIncomplete}`
            : d
              ? `no incomplete list (${d.breadcrumbsHr})`
              : '—',
      },
      {
        level: 'correct',
        ok: d?.pageFaultHr === 'S_OK' && d.pageFaultVA === 0 && d.freed.length === 0,
        what: {
          en: 'the page-fault output shows the removal was the hang, not a page fault: PageFaultVA 0, no recently freed allocation',
          zh: '页错误输出表明这次移除是挂起而不是页错误：PageFaultVA 为 0，没有最近释放的分配',
        },
        expected: 'PageFaultVA 0, HeadRecentFreedAllocationNode empty',
        got: !d
          ? '—'
          : d.pageFaultVA
            ? `page fault at ${hex(d.pageFaultVA)} in recently freed ${d.freed.map((x) => `"${x ?? '(unnamed)'}"`).join(', ') || '(none)'}`
            : `PageFaultVA 0, ${d.freed.length} freed`,
      },
    ];
    return items;
  },
});

export default lesson24;
