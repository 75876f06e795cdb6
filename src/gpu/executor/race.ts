// [SYNC-XQ-2] on the canvas: a queue that reads a texture another queue is still writing, with no queue Wait between
// them (hazard `cross-queue-race`, write: false). WebGPU has one queue and cannot race, so the executor shows the
// model's outcome: when the reading execution started on the modelled GPU timeline, the writing copy had done a
// fraction of its work; the reader sees that fraction of the rows (from the top) new and the rest as the texture was
// before the copy: a torn texture (all old when the copy had not started). Labelled a simulated hazard.
// Planning is plain data (unit-tested in Node); the texture work is in the executor.
import { commandUses, type Command, type TraceEvent } from '../../core';
import type { PlannedSubmission } from './plan';

export interface ReadRace {
  /** The resource read too early. */
  res: number;
  /** ExecuteCommandLists call of the reading submission and of the writing one. */
  readerCall: number;
  writerCall: number;
  /** Share of the writer's work done when the reader started, 0..1 (rows written from the top). */
  done: number;
}

const writes = (cmds: readonly (readonly Command[])[] | null, res: number) =>
  !!cmds?.some((l) => l.some((c) => commandUses(c)?.some((u) => u.write && u.res.id === res)));

/** The read races of a replay: each reader submission, the writer it raced, and how far the writer had got. */
export function readRaces(events: readonly TraceEvent[], submissions: readonly PlannedSubmission[]): ReadRace[] {
  const gpu = new Map<number, { start: number; end: number }>();
  for (const e of events) if (e.k === 'gpu') gpu.set(e.submitCall, { start: e.start, end: e.end });
  const out: ReadRace[] = [];
  for (const e of events) {
    if (e.k !== 'hazard' || e.kind !== 'cross-queue-race' || e.detail.write !== false) continue;
    const other = Number(e.detail.otherQueue);
    const reader = submissions.find((s) => s.call === e.i);
    const writer = submissions.filter((s) => s.queue === other && s.call < e.i && writes(s.commands, e.res)).pop();
    const r = reader && gpu.get(reader.call);
    const w = writer && gpu.get(writer.call);
    if (!reader || !writer || !r || !w) continue;
    const done = w.end > w.start ? Math.min(1, Math.max(0, (r.start - w.start) / (w.end - w.start))) : 1;
    if (done < 1) out.push({ res: e.res, readerCall: reader.call, writerCall: writer.call, done });
  }
  return out;
}

/** Copy a whole texture (the executor's "before the racing write" snapshot). */
export function snapshotTexture(device: GPUDevice, tex: GPUTexture, label: string): GPUTexture {
  const copy = device.createTexture({
    label,
    size: { width: tex.width, height: tex.height },
    format: tex.format,
    usage: tex.usage,
  });
  const enc = device.createCommandEncoder({ label });
  enc.copyTextureToTexture({ texture: tex }, { texture: copy }, { width: tex.width, height: tex.height });
  device.queue.submit([enc.finish()]);
  return copy;
}

/** The torn texture a racing reader sees: `before`, with the first `done` share of rows taken from `after`. */
export function tornTexture(device: GPUDevice, before: GPUTexture, after: GPUTexture, done: number): GPUTexture {
  const torn = snapshotTexture(device, before, `${after.label} as the racing reader saw it`);
  const rows = Math.floor(done * after.height);
  if (rows > 0) {
    const enc = device.createCommandEncoder({ label: 'torn rows' });
    enc.copyTextureToTexture({ texture: after }, { texture: torn }, { width: after.width, height: rows });
    device.queue.submit([enc.finish()]);
  }
  return torn;
}
