// Issue 13 point 5: what the lessons say about their own bugs agrees with what the run shows (checked against
// ../shared/d3d12/: removal is reported against the device, read promotions combine, warnings do not fail "runs").
import { describe, expect, it } from 'vitest';
import { LESSON_DEFS } from '../../../lessons';
import { callAt, indexTrace } from '../../../core';
import { checkLesson } from '../../../lessons/runner';
import { messageLine, messageText, objectNames } from './messageText';

const env = (bugs: string[], debugLayer = true) => ({
  debugLayer,
  bugs: new Set(bugs),
  width: 64,
  height: 64,
  liveAdapter: null,
});
const apiOf = (run: ReturnType<NonNullable<ReturnType<typeof LESSON_DEFS.get>>['run']>, i: number) => {
  return callAt(indexTrace(run.sys.trace), i)?.api ?? '';
};

describe('teaching errors fixed', () => {
  it('lesson 24: the removal is reported against ID3D12Device::RemoveDevice, not the Win32 wait', () => {
    const def = LESSON_DEFS.get('24')!;
    const run = def.run(env(['use-after-release']));
    const m = run.sys.messages.find((x) => x.id === 'DEVICE_REMOVAL_PROCESS_AT_FAULT')!;
    const line = messageLine(apiOf(run, m.callIndex), messageText(m, 'en'), m.id);
    expect(line).toMatch(
      /^ID3D12Device::RemoveDevice: Device removal has been triggered for the following reason \(DXGI_ERROR_DEVICE_HUNG\)/,
    );
    expect(line).not.toContain('WaitForSingleObject');
    expect(messageLine(apiOf(run, m.callIndex), messageText(m, 'zh'), m.id)).toMatch(
      /^ID3D12Device::RemoveDevice: 已触发设备移除/,
    );
  });

  it('lesson 07: the format mismatch is a WARNING, "runs" is reached with the layer on, and the hint says so', async () => {
    const def = LESSON_DEFS.get('07')!;
    const run = def.run(env(['rtv-format-mismatch']));
    expect(run.sys.messages.find((x) => x.id === 'RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE')?.severity).toBe(
      'WARNING',
    );
    const report = await checkLesson(def, run, null, env(['rtv-format-mismatch']));
    expect(report.items.filter((i) => i.level !== 'correct').every((i) => i.ok)).toBe(true);
    const hint = def.bugs.find((b) => b.id === 'rtv-format-mismatch')!.lookFor;
    expect(hint.en).toContain('with the debug layer on or off');
    expect(hint.en).toContain('WARNING');
    expect(hint.zh).toContain('WARNING');
  });

  it('lesson 19: the hint describes the message the run raises (COPY_DEST where PIXEL_SHADER_RESOURCE is needed)', () => {
    const def = LESSON_DEFS.get('19')!;
    const run = def.run(env(['rely-on-promotion']));
    const m = run.sys.messages.find((x) => x.id === 'INVALID_SUBRESOURCE_STATE')!;
    const text = messageText(m, 'en', undefined, objectNames(run.sys.trace));
    expect(text).toContain('COPY_DEST');
    expect(text).toContain('PIXEL_SHADER_RESOURCE');
    const hint = def.bugs.find((b) => b.id === 'rely-on-promotion')!.lookFor;
    for (const s of ['INVALID_SUBRESOURCE_STATE', 'COPY_DEST', 'PIXEL_SHADER_RESOURCE']) {
      expect(hint.en).toContain(s);
      expect(hint.zh).toContain(s);
    }
    expect(hint.en).not.toContain('promoted from COMMON');
  });

  it('lesson 04: Present needs PRESENT, as the hint says', () => {
    const def = LESSON_DEFS.get('04')!;
    const run = def.run(env(['no-present-barrier']));
    const m = run.sys.messages.find((x) => x.id === 'INVALID_SUBRESOURCE_STATE')!;
    expect(messageText(m, 'en')).toContain('needs PRESENT');
    expect(messageText(m, 'zh')).toContain('需要 PRESENT');
  });
});
