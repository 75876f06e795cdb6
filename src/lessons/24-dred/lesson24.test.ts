// Lesson 24: DRED configured before the device; an injected hang (one submission past the ~2 s TDR) removes the
// device on purpose and the code reads the reason and the DRED output. use-after-release page-faults first: the
// debug layer reports OBJECT_DELETED_WHILE_STILL_IN_USE at the Release, and DRED names the freed allocation.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import type { DredReport } from './code';
import { lesson24 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 24: device removed, DRED', () => {
  it('correct: the injected hang removes the device (TDR); reason, breadcrumbs and page-fault output read; check passes', async () => {
    for (const debugLayer of [true, false]) {
      const run = lesson24.run(env([], debugLayer));
      expect(run.stopped).toBeNull();
      expect(run.sys.messages.map((m) => m.id)).toEqual(debugLayer ? ['DEVICE_REMOVAL_PROCESS_AT_FAULT'] : []);
      const removed = run.sys.trace.events.find((e) => e.k === 'removed');
      expect(removed && removed.k === 'removed' && removed.reason).toBe('DXGI_ERROR_DEVICE_HUNG');
      // the removal comes ~2 s into the hang: the CPU wait ended (WAIT_OBJECT_0) because the fence read UINT64_MAX
      expect(removed && removed.k === 'removed' && removed.t).toBeGreaterThan(2e9);
      const d = run.out.dred as DredReport;
      expect(d).toMatchObject({
        reason: 'DXGI_ERROR_DEVICE_HUNG',
        breadcrumbsHr: 'S_OK',
        pageFaultHr: 'S_OK',
        pageFaultVA: 0,
        freed: [],
      });
      expect(d.breadcrumbs).toEqual([
        {
          list: 'hangList',
          queue: 'directQueue',
          count: 3,
          last: 0,
          history: ['RESOURCEBARRIER', 'CLEARRENDERTARGETVIEW', 'RESOURCEBARRIER'],
        },
      ]);
      const report = await checkLesson(lesson24, run, null, env([], debugLayer));
      expect(report).toMatchObject({ status: 'pass', level: 'correct' });
      const rows = (run.out.table as { rows: string[][] }).rows;
      expect(rows.find((r) => r[0] === 'hangList: first incomplete operation')?.[1]).toBe('RESOURCEBARRIER (#0)');
      expect(rows.find((r) => r[0] === 'GetDeviceRemovedReason()')?.[1]).toBe('DXGI_ERROR_DEVICE_HUNG');
    }
  });

  it('use-after-release: OBJECT_DELETED_WHILE_STILL_IN_USE only with the layer; page fault names "upload"; check fails', async () => {
    const run = lesson24.run(env(['use-after-release']));
    const ids = run.sys.messages.map((m) => m.id);
    expect(ids).toContain('OBJECT_DELETED_WHILE_STILL_IN_USE');
    const rel = run.sys.trace.events.find((e) => e.k === 'call' && e.api.endsWith('::Release'));
    expect(run.sys.messages.find((m) => m.id === 'OBJECT_DELETED_WHILE_STILL_IN_USE')?.callIndex).toBe(rel?.i);
    const d = run.out.dred as DredReport;
    expect(d.freed).toEqual(['upload']);
    expect(d.pageFaultVA).toBeGreaterThan(0);
    expect(d.breadcrumbs[0]).toMatchObject({ list: 'uploadList', last: 1 });
    expect(d.breadcrumbs[0].history[1]).toBe('COPYTEXTUREREGION');
    const report = await checkLesson(lesson24, run, null, env(['use-after-release']));
    expect(report.status).toBe('fail');
    expect(report.level).toBe('builds');
    const off = lesson24.run(env(['use-after-release'], false));
    expect(off.sys.messages).toEqual([]);
    expect((off.out.dred as DredReport).freed).toEqual(['upload']);
    const offReport = await checkLesson(lesson24, off, null, env(['use-after-release'], false));
    expect(offReport).toMatchObject({ status: 'fail', level: 'runs' });
    expect(offReport.items.find((i) => i.what.en.startsWith('the page-fault output'))?.got).toMatch(
      /^page fault at 0x[0-9A-F]+ in recently freed "upload"$/,
    );
    expect(offReport.items.find((i) => i.what.en.startsWith('the DRED breadcrumbs'))?.got).toBe(
      'uploadList: last completed RESOURCEBARRIER (#0), first incomplete COPYTEXTUREREGION (#1)',
    );
  });
});
