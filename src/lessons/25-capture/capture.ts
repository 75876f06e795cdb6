// The lab's capture tool, in the way PIX works: a layer under the application records every call the frame made
// (with its arguments), the bytes the CPU wrote into mapped memory (taken at each Unmap) and the commands each
// submission carried; replaying runs the same calls, in the same order, on a fresh model, putting the recorded
// bytes back at each Unmap, so the same objects (same ids) are created and the same work reaches the GPU.
import { D3D12System, ID3D12Resource } from '../../core';
import type { LessonRun } from '../types';
import {
  CAPTURE_FORMAT,
  CAPTURE_VERSION,
  type CaptureFile,
  type CaptureObject,
  ReplayError,
  decodeValue,
  encodeValue,
  err,
  fromBase64,
  parseCapture,
  toBase64,
  type CaptureError,
} from './format';

interface Snapshot {
  call: number;
  resource: number;
  bytes: Uint8Array;
}
const snapshots = new WeakMap<D3D12System, Snapshot[]>();

/** A model whose trace keeps, at every Unmap, the bytes of the unmapped resource (what the CPU wrote). */
export function captureSystem(settings: Partial<D3D12System['settings']> = {}): D3D12System {
  const sys = new D3D12System({ settings: { keepGpuReads: true, ...settings } });
  const list: Snapshot[] = [];
  snapshots.set(sys, list);
  const push = sys.trace.push.bind(sys.trace);
  sys.trace.push = (e) => {
    push(e);
    if (e.k === 'map' && e.unmap) {
      const r = sys.object(e.res);
      if (r instanceof ID3D12Resource && r.cpuVisible)
        list.push({ call: e.i, resource: r.id, bytes: r.storage().slice() });
    }
  };
  return sys;
}

/** What an object looks like in a capture without a name: its address (a buffer's GPU VA; else the COM pointer). */
export function objectAddress(sys: D3D12System, id: number): string {
  const o = sys.object(id);
  const va = o instanceof ID3D12Resource ? o.gpuVA : 0;
  // the modelled COM pointer: a made-up but stable user-mode address per object
  const addr = va > 0 ? va : 0x1f2_0000_0000 + id * 0x100;
  return `0x${addr.toString(16).toUpperCase().padStart(16, '0')}`;
}

/** The capture of a finished run (made on a captureSystem): calls, objects, bytes, submissions, markers. */
export function makeCapture(run: LessonRun, lesson: string, size: { width: number; height: number }): CaptureFile {
  const { sys } = run;
  const objects = new Map<number, CaptureObject>();
  let presentCall = -1;
  let presentedResource = -1;
  const calls: CaptureFile['calls'] = [];
  const submissions: CaptureFile['submissions'] = [];
  const markers: CaptureFile['markers'] = [];
  for (const e of sys.trace.events) {
    if (e.k === 'call') calls.push({ i: e.i, api: e.api, self: e.self, args: encodeValue(e.args), hr: e.hr });
    else if (e.k === 'object')
      objects.set(e.id, { id: e.id, type: e.type, name: e.name, address: objectAddress(sys, e.id) });
    else if (e.k === 'name') {
      const o = objects.get(e.id);
      if (o) o.name = e.name;
    } else if (e.k === 'present') {
      presentCall = e.i;
      presentedResource = e.buffer;
    } else if (e.k === 'gpu') {
      const ran = sys.submission(e.submission);
      if (ran)
        submissions.push({
          call: e.submitCall,
          queue: e.queue,
          lists: e.lists,
          commands: ran.commands.map((cmds) => cmds.map((c) => encodeValue(c))),
        });
    } else if (e.k === 'marker') markers.push({ i: e.i, on: e.list, kind: e.kind, name: e.name });
  }
  return {
    format: CAPTURE_FORMAT,
    version: CAPTURE_VERSION,
    lesson,
    frame: { ...size, presentCall, presentedResource },
    settings: {
      cpuNsPerCall: sys.settings.cpuNsPerCall,
      gpuMsPerList: sys.settings.gpuMsPerList,
      maxFrameLatency: sys.settings.maxFrameLatency,
    },
    objects: [...objects.values()],
    calls,
    bytes: (snapshots.get(sys) ?? []).map((s) => ({ call: s.call, resource: s.resource, data: toBase64(s.bytes) })),
    submissions,
    markers,
  };
}

export const captureText = (c: CaptureFile) => JSON.stringify(c);

export type ReplayResult = { ok: true; run: LessonRun } | { ok: false; error: CaptureError };

/** Replays a parsed capture on a fresh model: never throws; a call the model cannot take ends it with an error. */
export function replayCapture(c: CaptureFile): ReplayResult {
  const sys = captureSystem(c.settings);
  const bytesAt = new Map<number, { resource: number; data: string }[]>();
  for (const b of c.bytes) bytesAt.set(b.call, [...(bytesAt.get(b.call) ?? []), b]);
  const object = (id: number) => sys.object(id);
  try {
    for (const call of c.calls) {
      // a call the model made inside an earlier one (or the runtime's own) was made again by the replay of that call
      if (call.i <= sys.callIndex) continue;
      if (call.i !== sys.callIndex + 1) {
        throw new ReplayError(
          err(
            'replay-diverged',
            `The replay reached call ${sys.callIndex + 1} but the file goes on at call ${call.i} (${call.api}): calls are missing.`,
            `回放到了第 ${sys.callIndex + 1} 个调用，而文件接下来是第 ${call.i} 个调用（${call.api}）：中间缺少调用。`,
          ),
        );
      }
      for (const b of bytesAt.get(call.i) ?? []) {
        const r = sys.object(b.resource);
        const data = fromBase64(b.data);
        if (!(r instanceof ID3D12Resource) || !r.cpuVisible || !data)
          throw new ReplayError(
            err(
              'malformed',
              `The bytes for call ${call.i} do not belong to a mapped buffer.`,
              `第 ${call.i} 个调用的字节不属于一个已映射的缓冲区。`,
            ),
          );
        const dst = r.storage();
        dst.set(data.subarray(0, dst.length));
      }
      invoke(sys, call, object);
      const made = callEventOf(sys, call.i);
      if (!made || made.k !== 'call' || made.api !== call.api) {
        throw new ReplayError(
          err(
            'replay-diverged',
            `Call ${call.i} of the file is ${call.api}, but the replay made ${made && made.k === 'call' ? made.api : 'nothing'} there.`,
            `文件中第 ${call.i} 个调用是 ${call.api}，回放在那里却产生了 ${made && made.k === 'call' ? made.api : '空调用'}。`,
          ),
        );
      }
    }
  } catch (e) {
    if (e instanceof ReplayError) return { ok: false, error: e.error };
    const why = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: err(
        'replay-failed',
        `The replay stopped at call ${sys.callIndex}: ${why}.`,
        `回放在第 ${sys.callIndex} 个调用处停止：${why}。`,
      ),
    };
  }
  return { ok: true, run: { sys, out: {}, stopped: null } };
}

/** The call event the replay just made for call i (searched from the end: it was the last call made). */
function callEventOf(sys: D3D12System, i: number) {
  const ev = sys.trace.events;
  let found: (typeof ev)[number] | undefined;
  for (let k = ev.length - 1; k >= 0 && (ev[k].k !== 'call' || ev[k].i >= i); k--)
    if (ev[k].k === 'call' && ev[k].i === i) found = ev[k];
  return found;
}

function invoke(sys: D3D12System, call: CaptureFile['calls'][number], object: (id: number) => unknown) {
  if (call.api === '@gpu.idle') return sys.idle();
  if (call.api === '@gpu.advance') return sys.advance(Number((call.args as { ms?: unknown } | null)?.ms ?? 0));
  const method = call.api.slice(call.api.lastIndexOf(':') + 1);
  const target = call.self === 0 ? sys : sys.object(call.self);
  const fn =
    target && method in Object.prototype
      ? undefined
      : (target as unknown as Record<string, unknown> | undefined)?.[method];
  if (typeof fn !== 'function') {
    throw new ReplayError(
      err(
        'replay-diverged',
        `Call ${call.i} (${call.api}) names a method object #${call.self} does not have.`,
        `第 ${call.i} 个调用（${call.api}）调用了对象 #${call.self} 没有的方法。`,
      ),
    );
  }
  const args = decodeValue(call.args, object);
  (fn as (a: unknown) => unknown).call(target, args ?? undefined);
}

/** Text of a file → a replayed run, or the first thing wrong with it. */
export function replayText(text: string): ReplayResult & { capture?: CaptureFile } {
  const p = parseCapture(text);
  if (!p.ok) return p;
  return { ...replayCapture(p.capture), capture: p.capture };
}
