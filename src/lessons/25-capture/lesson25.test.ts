// Lesson 25: the frame's capture (calls, bytes at Unmap, commands, markers), its file format read back with every
// way a file can be wrong, and the replay on a fresh model; unnamed-resources leaves addresses where names were.
import { describe, expect, it } from 'vitest';
import { checkLesson } from '../runner';
import type { LessonEnv } from '../types';
import { captureOf, lesson25 } from './index';
import { captureText, replayText } from './capture';
import { checkCaptureSize, MAX_CAPTURE_BYTES, parseCapture } from './format';
import { setLoadedCapture } from './slot';

const env = (bugs: string[] = [], debugLayer = true): LessonEnv => ({
  debugLayer,
  bugs: new Set(bugs),
  width: 64,
  height: 64,
});

describe('lesson 25: capture and replay', () => {
  it('captures the frame and replays it to the same submissions; the event markers are in it', async () => {
    const run = lesson25.run(env());
    const cap = captureOf(run, env());
    expect(cap.markers.filter((m) => m.kind === 'begin').map((m) => m.name)).toEqual([
      'Frame 0',
      'Clear',
      'Draw triangle',
      'To PRESENT',
    ]);
    expect(cap.bytes.length).toBeGreaterThan(0);
    const r = replayText(captureText(cap));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = captureOf(r.run, env());
    expect(JSON.stringify(again.submissions)).toBe(JSON.stringify(cap.submissions));
    expect(again.calls.map((c) => c.api)).toEqual(cap.calls.map((c) => c.api));
    const report = await checkLesson(lesson25, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('a changed clear colour in the file changes what the replay submits (the replay reads the file)', () => {
    const cap = captureOf(lesson25.run(env()), env());
    const clear = cap.calls.find((c) => c.api.endsWith('::ClearRenderTargetView'))!;
    (clear.args as { ColorRGBA: number[] }).ColorRGBA = [0, 1, 0, 1];
    const r = replayText(captureText(cap));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cmds = captureOf(r.run, env()).submissions.flatMap((s) => s.commands.flat()) as {
      op: string;
      ColorRGBA?: number[];
    }[];
    expect(cmds.find((c) => c.op === 'ClearRenderTargetView')?.ColorRGBA).toEqual([0, 1, 0, 1]);
  });

  it('unnamed-resources: the capture shows addresses where names were; the naming item fails; no message', async () => {
    const run = lesson25.run(env(['unnamed-resources']));
    const rows = (run.out.captureObjects as { rows: string[][] }).rows;
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r[1]).toMatch(/^0x[0-9A-F]{16} \(Unnamed ID3D12\w+ Object\)$/);
    expect(run.sys.messages).toEqual([]);
    const report = await checkLesson(lesson25, run, null, env(['unnamed-resources']));
    expect(report.items.find((i) => i.what.en.startsWith('every resource'))).toMatchObject({ ok: false });
    const good = (lesson25.run(env()).out.captureObjects as { rows: string[][] }).rows;
    expect(good.map((r) => r[1])).toContain('triangleVertices');
  });

  it('bad files: each gets its own error in both languages, and the size gate refuses before reading', () => {
    const text = captureText(captureOf(lesson25.run(env()), env()));
    const code = (t: string) => {
      const p = parseCapture(t);
      return p.ok ? 'ok' : p.error.code;
    };
    expect(code(text)).toBe('ok');
    expect(code('{"format": nope')).toBe('not-json');
    expect(code('hello')).toBe('not-json');
    for (const cut of [0.1, 0.37, 0.5, 0.77, 0.999])
      expect(code(text.slice(0, Math.floor(text.length * cut)))).toBe('truncated');
    expect(code('{"a":1}')).toBe('not-a-capture');
    expect(code(text.replace('"version":1', '"version":2'))).toBe('wrong-version');
    expect(code('')).toBe('empty');
    expect(checkCaptureSize(200 * 1024 * 1024)?.code).toBe('too-large');
    expect(checkCaptureSize(200 * 1024 * 1024)?.message).toEqual({
      en: 'The file is 200 MiB; a capture of this lab is at most 16 MiB. It was not read.',
      zh: '文件大小为 200 MiB；本实验的捕获文件最大 16 MiB。文件没有被读取。',
    });
    expect(checkCaptureSize(MAX_CAPTURE_BYTES)).toBeNull();
    const p = parseCapture(text.replace('"version":1', '"version":2'));
    expect(!p.ok && p.error.message.zh).toMatch(/版本/);
    // a call removed from the middle: the replay says where it diverged, it does not throw
    const cap = JSON.parse(text) as { calls: unknown[] };
    cap.calls.splice(10, 1);
    const r = replayText(JSON.stringify(cap));
    expect(!r.ok && r.error.code).toBe('replay-diverged');
    // a hostile method name is refused by the shape check
    const h = JSON.parse(text) as { calls: { api: string }[] };
    h.calls[3].api = 'constructor';
    expect(code(JSON.stringify(h))).toBe('malformed');
  });

  it("with a loaded file, the lesson's run is the replay", () => {
    const cap = captureOf(lesson25.run(env(['unnamed-resources'])), env());
    setLoadedCapture({ fileName: 'frame.d3d12cap.json', capture: cap });
    try {
      const run = lesson25.run(env());
      expect(run.out.replayOf).toBe('frame.d3d12cap.json');
      expect((run.out.captureObjects as { rows: string[][] }).rows.every((r) => r[1].startsWith('0x'))).toBe(true);
    } finally {
      setLoadedCapture(null);
    }
  });
});
