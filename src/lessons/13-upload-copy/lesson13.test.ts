// Lesson 13: the upload -> texture -> readback round trip, and copy-before-write: the copy takes the upload
// buffer's bytes as they were when the modelled GPU ran it (zeros), although the CPU writes them afterwards.
import { describe, expect, it } from 'vitest';
import { planReplay } from '../../gpu/executor/plan';
import { checkLesson } from '../runner';
import { lesson13 } from './index';

const env = (bugs: string[] = [], debugLayer = true) => ({ debugLayer, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 13: upload buffer and CopyTextureRegion', () => {
  it('correct: the texture reads back equal to the decoded checker; the upload buffer is released after the fence', async () => {
    const run = lesson13.run(env());
    expect(run.stopped).toBeNull();
    expect(run.sys.messages).toEqual([]);
    expect(Array.from(run.out.readBack as Uint8Array)).toEqual(Array.from(run.out.source as Uint8Array));
    const ev = run.sys.trace.events;
    const wait = ev.filter((e) => e.k === 'call' && e.api === 'WaitForSingleObject').pop();
    const rel = ev.find((e) => e.k === 'call' && e.api.endsWith('::Release'));
    expect(wait && rel && rel.i > wait.i).toBe(true);
    const report = await checkLesson(lesson13, run, null, env());
    expect(report.items.filter((i) => !i.ok).every((i) => i.got.startsWith('no WebGPU'))).toBe(true);
  });

  it('copy-before-write: the memcpy comes after ExecuteCommandLists and the fence; the copy saw zeros; no message', async () => {
    const run = lesson13.run(env(['copy-before-write']));
    expect(run.sys.messages).toEqual([]);
    expect(run.stopped).toBeNull();
    const ev = run.sys.trace.events;
    const ecl = ev.find((e) => e.k === 'call' && e.api === 'ID3D12CommandQueue::ExecuteCommandLists');
    const gpu = ev.find((e) => e.k === 'gpu');
    const map = ev.find((e) => e.k === 'map' && !e.unmap);
    expect(ecl && gpu && map && ecl.i < gpu.i && gpu.i <= map.i).toBe(true);
    expect((run.out.readBack as Uint8Array).every((b) => b === 0)).toBe(true);
    // the executor replays the upload copy with the bytes the GPU read (zeros), not the bytes written later
    const s = planReplay(run.sys, run.sys.callIndex).submissions.find((x) => x.reads);
    const copy = (s?.commands ?? []).flat().find((c) => c.op === 'CopyTextureRegion');
    if (copy?.op !== 'CopyTextureRegion') throw new Error('no copy replayed');
    const upload = copy.src.Resource;
    expect(s?.reads?.get(upload.id)?.every((b) => b === 0)).toBe(true);
    expect(upload.storage().some((b) => b !== 0)).toBe(true);
    const report = await checkLesson(lesson13, run, null, env(['copy-before-write']));
    expect(report.status).toBe('fail');
    expect(report.items.find((i) => i.what.en.startsWith('every texel'))?.ok).toBe(false);
  });
});
