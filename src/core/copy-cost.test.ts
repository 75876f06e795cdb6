// [TIME-COPY-1] A COPY-queue execution costs the bytes its copies move over copyBytesPerMs, at least the per-list cost;
// a DIRECT execution of the same copy costs only the per-list cost.
import { describe, expect, it } from 'vitest';
import { D3D12System } from './system';
import {
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_READBACK,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  DXGI_FORMAT_UNKNOWN,
  D3D_FEATURE_LEVEL_11_0,
} from './enums';

const MiB = 1 << 20;

function copyOnce(type: number, bytes: number) {
  const sys = new D3D12System({ settings: { gpuMsPerList: 1, copyBytesPerMs: 12e6 } });
  const device = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }).out!;
  const queue = device.CreateCommandQueue({ Type: type }).out!;
  const buffer = (heap: number, state: number) =>
    device.CreateCommittedResource({
      HeapProperties: { Type: heap },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: 24 * MiB,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: state,
      OptimizedClearValue: null,
    }).out!;
  const src = buffer(D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
  const dst = buffer(D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
  const alloc = device.CreateCommandAllocator({ type }).out!;
  const list = device.CreateCommandList({ nodeMask: 0, type, CommandAllocator: alloc, InitialState: null }).out!;
  list.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: src, SrcOffset: 0, NumBytes: bytes });
  list.Close();
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  sys.idle();
  const gpu = sys.trace.events.find((e) => e.k === 'gpu');
  expect(sys.messages).toEqual([]);
  return gpu && gpu.k === 'gpu' ? (gpu.end - gpu.start) / 1e6 : NaN;
}

describe('[TIME-COPY-1] copy-engine cost', () => {
  it('[TIME-COPY-1] a COPY queue pays bytes / 12 GB/s, at least 1 ms; DIRECT pays the flat 1 ms for any copy', () => {
    expect(copyOnce(D3D12_COMMAND_LIST_TYPE_COPY, 24 * MiB)).toBeCloseTo((24 * MiB) / 12e6, 6); // 2.1 ms
    expect(copyOnce(D3D12_COMMAND_LIST_TYPE_COPY, 6 * MiB)).toBeCloseTo(1, 6); // 0.52 ms of transfer: the floor
    expect(copyOnce(D3D12_COMMAND_LIST_TYPE_COPY, 0)).toBeCloseTo(1, 6);
    expect(copyOnce(D3D12_COMMAND_LIST_TYPE_DIRECT, 24 * MiB)).toBeCloseTo(1, 6);
  });
});
