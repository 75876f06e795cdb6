// The descriptors panel's layout as data, over the lesson-sized trace of layoutsFixture.ts and a small program:
// the view in each slot, the free list, descriptors left dangling by a released resource.

import { describe, expect, it } from 'vitest';
import {
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  indexTrace,
} from '../../../core';
import { layoutDescriptors } from './descriptors';
import { device, END, ids, ix, PSR } from './layoutsFixture';

describe('descriptors', () => {
  it('shows the view in each slot, the free list, and dangling descriptors', () => {
    const [h] = layoutDescriptors(ix, END);
    expect(h).toMatchObject({
      heap: ids.srvHeap,
      type: 'CBV_SRV_UAV',
      shaderVisible: true,
      numDescriptors: 4,
      freeList: [2, 3],
    });
    expect(h.slots.slice(0, 2).map((s) => [s.view, s.res, s.status])).toEqual([
      ['SRV', ids.texture, 'live'],
      ['UAV', ids.aliasB, 'live'],
    ]);
    // an SRV whose texture is released: the slot still points at freed memory
    const { sys, dev } = device();
    const heap = dev.CreateDescriptorHeap({ Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, NumDescriptors: 2 }).out!;
    const tex = dev.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 16,
        Height: 16,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
      },
      InitialResourceState: PSR,
    }).out!;
    dev.CreateShaderResourceView({ Resource: tex, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
    const ix2 = indexTrace(sys.trace);
    expect(layoutDescriptors(ix2, sys.callIndex)[0].slots[0].status).toBe('live');
    tex.Release();
    expect(sys.messages).toEqual([]);
    expect(layoutDescriptors(indexTrace(sys.trace), sys.callIndex)[0].slots[0].status).toBe('dangling');
  });
});
