// race.ts: how far the racing write had got when the reader started on the modelled timeline, from the trace alone;
// and clear-rects.ts: rectangles clipped to the target.
import { describe, expect, it } from 'vitest';
import type { Command, TraceEvent } from '../../core';
import { readRaces } from './race';
import { clipRects } from './clear-rects';
import type { PlannedSubmission } from './plan';

const copyInto = (res: number) =>
  ({ op: 'CopyTextureRegion', uses: [{ res: { id: res }, sub: 0, state: 0x400, write: true }] }) as unknown as Command;
const gpu = (submitCall: number, queue: number, start: number, end: number): TraceEvent => ({
  k: 'gpu',
  i: submitCall + 1,
  queue,
  lists: [],
  start,
  end,
  submitCall,
  submission: submitCall,
});
const hazard = (i: number, res: number, otherQueue: number, write: boolean): TraceEvent => ({
  k: 'hazard',
  i,
  kind: 'cross-queue-race',
  res,
  detail: { otherQueue, write },
});
const sub = (call: number, queue: number, commands: Command[][]): PlannedSubmission => ({
  call,
  queue,
  lists: [],
  commands,
  reads: null,
});

describe('race.ts: read races on the modelled timeline', () => {
  it('a reader that starts a quarter into the writing copy sees a quarter of the rows new', () => {
    const subs = [sub(10, 1, [[copyInto(7)]]), sub(20, 2, [[]])];
    const events = [gpu(10, 1, 0, 4e6), gpu(20, 2, 1e6, 2e6), hazard(20, 7, 1, false)];
    expect(readRaces(events, subs)).toEqual([{ res: 7, readerCall: 20, writerCall: 10, done: 0.25 }]);
  });
  it('no race drawn for a write race, for a reader that started after the copy ended, or for another resource', () => {
    const subs = [sub(10, 1, [[copyInto(7)]]), sub(20, 2, [[]])];
    expect(readRaces([gpu(10, 1, 0, 4e6), gpu(20, 2, 1e6, 2e6), hazard(20, 7, 1, true)], subs)).toEqual([]);
    expect(readRaces([gpu(10, 1, 0, 4e6), gpu(20, 2, 5e6, 6e6), hazard(20, 7, 1, false)], subs)).toEqual([]);
    expect(readRaces([gpu(10, 1, 0, 4e6), gpu(20, 2, 1e6, 2e6), hazard(20, 8, 1, false)], subs)).toEqual([]);
  });
});

describe('clear-rects.ts', () => {
  it('clips rectangles to the target and drops empty ones', () => {
    expect(
      clipRects(
        [
          { left: -4, top: 60, right: 8, bottom: 70 },
          { left: 10, top: 10, right: 10, bottom: 20 },
        ],
        64,
        64,
      ),
    ).toEqual([{ left: 0, top: 60, right: 8, bottom: 64 }]);
  });
});
