// Lesson 8's check reads the vertex data back through the GPU: CopyBufferRegion upload → readback in the frame's
// list, the fence, then Map of the READBACK buffer (the copy's bytes arrive when the GPU completes the list).
import { describe, expect, it } from 'vitest';
import { D3D12_HEAP_TYPE_READBACK, D3D12_HEAP_TYPE_UPLOAD } from '../../core';
import { lesson08 } from './index';

const env = (bugs: string[] = []) => ({ debugLayer: true, bugs: new Set(bugs), width: 64, height: 64 });

describe('lesson 08: the vertex data round trip', () => {
  it.each([[[]], [['wrong-stride']]])(
    'bugs %j: the bytes Map returns after the fence are the GPU copy of the upload buffer',
    (bugs) => {
      const run = lesson08.run(env(bugs));
      const ev = run.sys.trace.events;
      const ran = (e: (typeof ev)[number]) =>
        e.k === 'gpu' ? (run.sys.submission(e.submission)?.commands.flat() ?? []) : [];
      const done = ev.find((e) => ran(e).some((c) => c.op === 'CopyBufferRegion'));
      expect(done?.k).toBe('gpu');
      const copy = done ? ran(done).find((c) => c.op === 'CopyBufferRegion') : undefined;
      if (copy?.op !== 'CopyBufferRegion') throw new Error('no copy ran');
      const { dst, src } = copy;
      expect([src.heapType, dst.heapType]).toEqual([D3D12_HEAP_TYPE_UPLOAD, D3D12_HEAP_TYPE_READBACK]);
      // the CPU maps the readback buffer only after the GPU completed the copy
      const readMap = ev.find((e) => e.k === 'call' && e.api === 'ID3D12Resource::Map' && e.self === dst.id);
      expect(readMap && done && readMap.i > done.i).toBe(true);
      expect(run.out.vertexBytes).toEqual(run.out.sourceBytes);
      expect(Array.from(dst.storage())).toEqual(run.out.sourceBytes);
      // nothing about the copy, the readback buffer or its Map (the bug raises only its stride warning)
      expect(run.sys.messages.filter((m) => m.id !== 'COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL')).toEqual([]);
    },
  );
});
