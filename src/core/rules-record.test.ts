// Record-time state tracking inside one command list ([ST-REC-2], [ST-REC-3] in SPEC.md §5): what the debug layer
// knows of a subresource while the list records (a state the list set, or one assumed at a write's first use) and
// the checks it therefore makes on the recording call, not at ExecuteCommandLists. Expected results: the
// "(assumed at first use)" INVALID_SUBRESOURCE_STATE on ID3D12CommandList::DrawInstanced (V-LOG
// NVIDIAGameWorks/Falcor#98), the record-time #527 "specified in the previous call to ResourceBarrier" (DEBUG_LAYER
// row 6), the promotion rules (CORRECTIONS §3.2, 001-12) and the barrier page's COMMON rule ([BAR-BEFORE-1]).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const S = {
  COMMON: D.D3D12_RESOURCE_STATE_COMMON,
  COPY_DEST: D.D3D12_RESOURCE_STATE_COPY_DEST,
  COPY_SOURCE: D.D3D12_RESOURCE_STATE_COPY_SOURCE,
  PSR: D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  VB: D.D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER,
};

/** The call index each message was raised on, with its id. */
const raised = (w: ReturnType<typeof world>) => w.sys.messages.map((m) => [m.id, m.callIndex] as const);

function bufferWorld() {
  const w = world();
  const buf = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, S.COMMON).out!;
  const up = w.upload();
  const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, S.COPY_DEST).out!;
  const copy = (dst: D.ID3D12Resource, src: D.ID3D12Resource) => {
    w.list.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: src, SrcOffset: 0, NumBytes: 256 });
    return w.sys.callIndex;
  };
  return { w, buf, up, rb, copy };
}

describe('[ST-REC-2] uses checked on the recording call when the list knows the state', () => {
  it('a buffer written by a copy (COPY_DEST assumed at first use) then read by a copy: #538 on the read, once', () => {
    const { w, buf, up, rb, copy } = bufferWorld();
    copy(buf, up);
    const read = copy(rb, buf);
    expect(raised(w)).toEqual([['INVALID_SUBRESOURCE_STATE', read]]);
    w.submit();
    w.sys.idle();
    // ExecuteCommandLists does not report it again
    expect(raised(w)).toEqual([['INVALID_SUBRESOURCE_STATE', read]]);
    expect(w.sys.messages[0].args).toMatchObject({
      op: 'CopyBufferRegion',
      state: S.COPY_DEST,
      expected: S.COPY_SOURCE,
    });
  });

  it('a texture the list itself moved to PIXEL_SHADER_RESOURCE, then copied into: #538 on CopyTextureRegion', () => {
    const w = world();
    const t = w.tex(S.COPY_DEST).out!;
    w.barrier(t, S.COPY_DEST, S.PSR);
    w.copyInto(t, w.upload());
    const at = w.sys.callIndex;
    expect(raised(w)).toEqual([['INVALID_SUBRESOURCE_STATE', at]]);
    w.submit();
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'invalid-state')).toBe(true);
  });

  it('the same copies with the barrier between them raise nothing, at record or at ECL', () => {
    const { w, buf, up, rb, copy } = bufferWorld();
    copy(buf, up);
    w.barrier(buf, S.COPY_DEST, S.COPY_SOURCE);
    copy(rb, buf);
    w.submit();
    w.sys.idle();
    expect(w.ids()).toEqual([]);
  });

  it('a read first use teaches nothing: a COMMON texture read by a copy, then moved COPY_SOURCE→PSR, is fine', () => {
    const w = world();
    const t = w.tex(S.COMMON).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, S.COPY_DEST).out!;
    w.list.CopyTextureRegion({
      Dst: {
        Resource: rb,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
      Src: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    });
    w.barrier(t, S.COPY_SOURCE, S.PSR);
    w.submit();
    expect(w.ids()).toEqual([]);
  });

  it('a state the list moved to COMMON is left to ECL (a use may promote from it): COMMON→copy into a buffer is fine', () => {
    const { w, buf, up, copy } = bufferWorld();
    w.barrier(buf, S.COMMON, S.COPY_SOURCE);
    w.barrier(buf, S.COPY_SOURCE, S.COMMON);
    copy(buf, up);
    w.submit();
    expect(w.ids()).toEqual([]);
  });

  it('without the debug layer nothing is reported, and the hazard is still traced', () => {
    const w = world({ debug: false });
    const t = w.tex(S.COPY_DEST).out!;
    w.barrier(t, S.COPY_DEST, S.PSR);
    w.copyInto(t, w.upload());
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(w.sys.trace.events.filter((e) => e.k === 'hazard' && e.kind === 'invalid-state').length).toBe(1);
  });
});

describe('[ST-REC-3] later barriers are checked against the state assumed at a write first use', () => {
  it('a buffer written by a copy (promoted COPY_DEST), then transitioned from COMMON: #527 on the ResourceBarrier', () => {
    const { w, buf, up, copy } = bufferWorld();
    copy(buf, up);
    w.barrier(buf, S.COMMON, S.VB);
    const at = w.sys.callIndex;
    expect(raised(w)).toEqual([['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', at]]);
    w.submit();
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
  });

  it('the same barrier naming COPY_DEST (the promoted state) raises nothing', () => {
    const { w, buf, up, copy } = bufferWorld();
    copy(buf, up);
    w.barrier(buf, S.COPY_DEST, S.VB);
    w.submit();
    w.sys.idle();
    expect(w.ids()).toEqual([]);
  });

  it('a texture the list moved to COMMON and then wrote (promoted COPY_DEST): the next barrier must name COPY_DEST', () => {
    const ok = world();
    const t = ok.tex(S.PSR).out!;
    ok.barrier(t, S.PSR, S.COMMON);
    ok.copyInto(t, ok.upload());
    ok.barrier(t, S.COPY_DEST, S.PSR);
    ok.submit();
    expect(ok.ids()).toEqual([]);

    const bad = world();
    const u = bad.tex(S.PSR).out!;
    bad.barrier(u, S.PSR, S.COMMON);
    bad.copyInto(u, bad.upload());
    bad.barrier(u, S.COMMON, S.PSR);
    const at = bad.sys.callIndex;
    expect(raised(bad)).toEqual([['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', at]]);
  });
});

describe('[ST-REC-4] a resource bound through a DATA_STATIC range, then transitioned in the same list', () => {
  function staticWorld(flags: number) {
    const w = world();
    const t = w.tex(S.PSR).out!;
    const heap = w.dev.CreateDescriptorHeap({
      Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
      NumDescriptors: 1,
      Flags: D.D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
    }).out!;
    w.dev.CreateShaderResourceView({ Resource: t, DestDescriptor: heap.GetCPUDescriptorHandleForHeapStart() });
    const rs = w.dev.CreateRootSignature({
      BlobWithRootSignature: w.sys.D3D12SerializeVersionedRootSignature({
        RootSignature: {
          Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1,
          Desc_1_1: {
            NumParameters: 1,
            Parameters: [
              {
                ParameterType: D.D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
                DescriptorTable: {
                  NumDescriptorRanges: 1,
                  DescriptorRanges: [
                    {
                      RangeType: D.D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
                      NumDescriptors: 1,
                      BaseShaderRegister: 0,
                      Flags: flags,
                    },
                  ],
                },
                ShaderVisibility: D.D3D12_SHADER_VISIBILITY_PIXEL,
              },
            ],
          },
        },
      }).out!,
    }).out!;
    const bind = () => {
      w.list.SetGraphicsRootSignature({ RootSignature: rs });
      w.list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heap] });
      w.list.SetGraphicsRootDescriptorTable({
        RootParameterIndex: 0,
        BaseDescriptor: heap.GetGPUDescriptorHandleForHeapStart(),
      });
    };
    return { w, t, bind };
  }

  it('DATA_STATIC: DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE on the ResourceBarrier (D3D12Fullscreen, DirectX-Graphics-Samples#195)', () => {
    const s = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    s.bind();
    expect(s.w.ids()).toEqual([]);
    s.w.barrier(s.t, S.PSR, S.COPY_SOURCE);
    const at = s.w.sys.callIndex;
    expect(raised(s.w)).toEqual([['DATA_STATIC_DESCRIPTOR_INVALID_DATA_CHANGE', at]]);
  });

  it('the 1.1 default (DATA_STATIC_WHILE_SET_AT_EXECUTE) and a transition before the binding raise nothing', () => {
    const d = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_NONE);
    d.bind();
    d.w.barrier(d.t, S.PSR, S.COPY_SOURCE);
    expect(d.w.ids()).toEqual([]);
    const s = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    s.w.barrier(s.t, S.PSR, S.COPY_SOURCE);
    s.w.barrier(s.t, S.COPY_SOURCE, S.PSR);
    s.bind();
    expect(s.w.ids()).toEqual([]);
  });

  it('a binding in an earlier recording of the list does not count after Reset', () => {
    const s = staticWorld(D.D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC);
    s.bind();
    s.w.submit();
    s.w.sys.idle();
    s.w.alloc.Reset();
    s.w.list.Reset({ Allocator: s.w.alloc });
    s.w.barrier(s.t, S.PSR, S.COPY_SOURCE);
    expect(s.w.ids()).toEqual([]);
  });
});

describe('[ST-REC-5] a read first use assumes its read bits: a later StateBefore without them is wrong at record', () => {
  it('a buffer read by a copy, then transitioned from INDEX_BUFFER: #527 on the ResourceBarrier (as microsoft/DirectML#295 from UAV)', () => {
    const { w, buf, rb, copy } = bufferWorld();
    copy(rb, buf);
    w.barrier(buf, D.D3D12_RESOURCE_STATE_INDEX_BUFFER, S.VB);
    const at = w.sys.callIndex;
    expect(raised(w)).toEqual([['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', at]]);
    w.submit();
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
  });

  it('naming the state the read promoted to raises nothing; a StateBefore holding more read bits is left to ECL', () => {
    const { w, buf, rb, copy } = bufferWorld();
    copy(rb, buf);
    w.barrier(buf, S.COPY_SOURCE, S.VB);
    w.submit();
    w.sys.idle();
    expect(w.ids()).toEqual([]);

    const v = world();
    const t = v.tex(S.COPY_SOURCE | S.PSR).out!;
    const rb2 = v.buffer(D.D3D12_HEAP_TYPE_READBACK, S.COPY_DEST).out!;
    v.list.CopyTextureRegion({
      Dst: {
        Resource: rb2,
        Type: D.D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
        PlacedFootprint: {
          Offset: 0,
          Footprint: { Format: D.DXGI_FORMAT_R8G8B8A8_UNORM, Width: 64, Height: 64, Depth: 1, RowPitch: 256 },
        },
      },
      Src: { Resource: t, Type: D.D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    });
    v.barrier(t, S.COPY_SOURCE | S.PSR, S.COPY_DEST);
    v.submit();
    expect(v.ids()).toEqual([]);
  });
});
