// The trace as JSON for window.d3d12lab.exportTrace(): Chrome/Perfetto trace events (open them in
// ui.perfetto.dev) plus the model's own typed events, with object references replaced by their ids.
import type { LessonRun } from './types';

function plain(v: unknown, depth = 0): unknown {
  if (v === null || v === undefined) return v ?? null;
  if (typeof v === 'bigint') return v.toString();
  if (typeof v !== 'object') return v;
  if (depth > 6) return '…';
  if (ArrayBuffer.isView(v)) return { bytes: (v as Uint8Array).byteLength };
  const o = v as Record<string, unknown>;
  if (typeof o.iface === 'string' && typeof o.id === 'number') return { object: o.id, iface: o.iface, name: o.name ?? null };
  if (Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  if (v instanceof Map) return [...v.entries()].map(([k, x]) => [plain(k, depth + 1), plain(x, depth + 1)]);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) out[k] = plain(x, depth + 1);
  return out;
}

export function exportRun(lesson: string, bugs: string[], debugLayer: boolean, run: LessonRun) {
  const chrome = run.sys.trace.toChromeTrace();
  return {
    lesson, bugs, debugLayer,
    displayTimeUnit: chrome.displayTimeUnit,
    traceEvents: plain(chrome.traceEvents),
    events: run.sys.trace.events.map((e) => plain(e)),
    messages: run.sys.messages.map((m) => plain(m)),
    stopped: run.stopped,
  };
}
