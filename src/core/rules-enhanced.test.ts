// Enhanced barriers (ID3D12GraphicsCommandList7::Barrier), SPEC.md §5.2: tests named after the [EB-*] rule IDs,
// through the public API — messages, Close's HRESULT, the state/layout history a learner sees in the panel.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const {
  D3D12_BARRIER_TYPE_TEXTURE: TEXTURE,
  D3D12_BARRIER_TYPE_BUFFER: BUFFER,
  D3D12_BARRIER_TYPE_GLOBAL: GLOBAL,
  D3D12_BARRIER_LAYOUT_COMMON: L_COMMON,
  D3D12_BARRIER_LAYOUT_COPY_DEST: L_COPY_DEST,
  D3D12_BARRIER_LAYOUT_SHADER_RESOURCE: L_SRV,
  D3D12_BARRIER_LAYOUT_RENDER_TARGET: L_RT,
  D3D12_BARRIER_LAYOUT_UNDEFINED: L_UNDEFINED,
  D3D12_BARRIER_SYNC_NONE: S_NONE,
  D3D12_BARRIER_SYNC_COPY: S_COPY,
  D3D12_BARRIER_SYNC_PIXEL_SHADING: S_PIXEL,
  D3D12_BARRIER_SYNC_RENDER_TARGET: S_RT,
  D3D12_BARRIER_ACCESS_NO_ACCESS: A_NONE,
  D3D12_BARRIER_ACCESS_COPY_DEST: A_COPY_DEST,
  D3D12_BARRIER_ACCESS_SHADER_RESOURCE: A_SRV,
  D3D12_BARRIER_ACCESS_RENDER_TARGET: A_RT,
} = D;

type W = ReturnType<typeof world>;
const tb = (
  r: D.ID3D12Resource,
  lb: number,
  la: number,
  sb: number,
  sa: number,
  ab: number,
  aa: number,
  extra: Partial<D.D3D12_TEXTURE_BARRIER> = {},
): D.D3D12_TEXTURE_BARRIER => ({
  SyncBefore: sb,
  SyncAfter: sa,
  AccessBefore: ab,
  AccessAfter: aa,
  LayoutBefore: lb,
  LayoutAfter: la,
  Resource: r,
  Subresources: { IndexOrFirstMipLevel: 0xffffffff, NumMipLevels: 0 },
  ...extra,
});
const barrier = (w: W, ...bs: D.D3D12_TEXTURE_BARRIER[]) =>
  w.list.Barrier({
    NumBarrierGroups: 1,
    BarrierGroups: [{ Type: TEXTURE, NumBarriers: bs.length, TextureBarriers: bs }],
  });
/** COMMON → COPY_DEST → (copy) → SHADER_RESOURCE: the correct upload with enhanced barriers. */
const upload = (w: W, t: D.ID3D12Resource, toSrvBefore = L_COPY_DEST) => {
  barrier(w, tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
  w.copyInto(t, w.upload());
  barrier(w, tb(t, toSrvBefore, L_SRV, S_COPY, S_PIXEL, A_COPY_DEST, A_SRV));
};

describe('enhanced barriers', () => {
  it('[EB-FEAT-1] CheckFeatureSupport(OPTIONS12) reports EnhancedBarriersSupported; a pre-WDDM 2.1 driver does not', () => {
    const w = world();
    const r = w.dev.CheckFeatureSupport({ Feature: D.D3D12_FEATURE_D3D12_OPTIONS12 });
    expect(r.hr).toBe('S_OK');
    expect(r.out?.EnhancedBarriersSupported).toBe(true);
    const old = world({ adapters: [D.legacyDriverAdapter()] });
    expect(
      old.dev.CheckFeatureSupport({ Feature: D.D3D12_FEATURE_D3D12_OPTIONS12 }).out?.EnhancedBarriersSupported,
    ).toBe(false);
    const t = old.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(old, tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    expect(old.ids()).toEqual(['ENHANCED_BARRIERS_NOT_SUPPORTED']);
  });

  it('[EB-ECL-1] [EB-TRACE-1] a correct upload (COMMON → COPY_DEST → SHADER_RESOURCE) raises nothing; the trace carries layouts and sync', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    upload(w, t);
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(w.list.Close()).toBe('E_FAIL'); // already closed: Close itself was S_OK
    const ch = D.stateChangesOf(D.indexTrace(w.sys.trace), t.id).filter((c) => c.kind === 'barrier');
    expect(ch.map((c) => [D.layoutShort(c.enh!.layoutBefore), D.layoutShort(c.enh!.layoutAfter)])).toEqual([
      ['COMMON', 'COPY_DEST'],
      ['COPY_DEST', 'SHADER_RESOURCE'],
    ]);
    expect(D.syncShort(ch[1].enh!.syncBefore)).toBe('COPY');
    expect(D.syncShort(ch[1].enh!.syncAfter)).toBe('PIXEL_SHADING');
    // [EB-STATE-1] the state it stands for drives the use checks: SHADER_RESOURCE = both shader-resource states
    expect(D.resourceStateShort(ch[1].after)).toBe('NON_PIXEL_SHADER_RESOURCE|PIXEL_SHADER_RESOURCE');
  });

  it('[EB-ECL-1] LayoutBefore that is not the current layout: INCOMPATIBLE_BARRIER_LAYOUT at ExecuteCommandLists, applied anyway', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    upload(w, t, L_COMMON);
    expect(w.ids()).toEqual([]);
    w.submit();
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
    expect(w.sys.messages[0].args.layout).toBe('COPY_DEST');
    expect(w.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'before-after-mismatch')).toBe(true);
    expect(D.layoutShort(t.layouts![0])).toBe('SHADER_RESOURCE');
    // without the layer: silent, the hazard still traced
    const q = world({ debug: false });
    const t2 = q.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    upload(q, t2, L_COMMON);
    q.submit();
    expect(q.ids()).toEqual([]);
    expect(q.sys.trace.events.some((e) => e.k === 'hazard' && e.kind === 'before-after-mismatch')).toBe(true);
  });

  it('[EB-ECL-1] LayoutBefore UNDEFINED matches any layout (contents discarded): no message', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    barrier(w, tb(t, L_UNDEFINED, L_RT, S_NONE, S_RT, A_NONE, A_RT));
    w.submit();
    expect(w.ids()).toEqual([]);
  });

  it('[EB-USE-2] a texture in COMMON layout is copied into, then copied from, with no barrier between: no message, no promotion', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 65536).out!;
    // the enhanced barrier puts the texture under layout tracking, in COMMON
    barrier(w, tb(t, L_COMMON, L_COMMON, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    w.copyInto(t, w.upload());
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
    w.submit();
    expect(w.ids()).toEqual([]);
    const promotions = w.sys.trace.events.filter((e) => e.k === 'state' && e.res === t.id && e.kind === 'promotion');
    expect(promotions).toEqual([]);
  });

  it('[EB-USE-1] a texture left in COPY_DEST layout and read by a copy as source: INCOMPATIBLE_BARRIER_LAYOUT names the layout', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    const rb = w.buffer(D.D3D12_HEAP_TYPE_READBACK, D.D3D12_RESOURCE_STATE_COPY_DEST, 65536).out!;
    barrier(w, tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    w.copyInto(t, w.upload());
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
    w.submit();
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
    expect(w.sys.messages[0].args).toMatchObject({ op: 'CopyTextureRegion', layout: 'COPY_DEST' });
  });

  it('[EB-SYNC-1] SyncBefore NONE with an access other than NO_ACCESS: INCOMPATIBLE_BARRIER_SYNC at record', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(w, tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_COPY_DEST, A_COPY_DEST));
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_SYNC']);
    expect(w.sys.messages[0].args).toMatchObject({ side: 'Before', sync: 'NONE', access: 'COPY_DEST' });
  });

  it('[EB-SYNC-2] an access whose sync scope cannot perform it (SHADER_RESOURCE after SYNC_COPY): INCOMPATIBLE_BARRIER_SYNC', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(w, tb(t, L_COMMON, L_SRV, S_NONE, S_COPY, A_NONE, A_SRV));
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_SYNC']);
  });

  it('[EB-ACCESS-1] an access the layout does not allow (RENDER_TARGET access in COPY_DEST layout): INCOMPATIBLE_BARRIER_ACCESS', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    barrier(w, tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_RT, A_NONE, A_RT));
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_ACCESS']);
    expect(w.sys.messages[0].args).toMatchObject({ side: 'After', access: 'RENDER_TARGET', layout: 'COPY_DEST' });
  });

  it('[EB-LIST-1] a DIRECT_QUEUE_* layout on a COMPUTE list, RENDER_TARGET on a COMPUTE list: UNSUPPORTED_BARRIER_LAYOUT', () => {
    const w = world();
    const alloc = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE }).out!;
    const cl = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COMPUTE, CommandAllocator: alloc }).out!;
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    const group = (la: number) => [
      { Type: TEXTURE, TextureBarriers: [tb(t, L_COMMON, la, S_NONE, D.D3D12_BARRIER_SYNC_ALL, A_NONE, A_SRV)] },
    ];
    cl.Barrier({ BarrierGroups: group(D.D3D12_BARRIER_LAYOUT_DIRECT_QUEUE_SHADER_RESOURCE) });
    expect(w.ids()).toEqual(['UNSUPPORTED_BARRIER_LAYOUT']);
    cl.Barrier({ BarrierGroups: group(D.D3D12_BARRIER_LAYOUT_COMPUTE_QUEUE_SHADER_RESOURCE) });
    expect(w.ids()).toEqual(['UNSUPPORTED_BARRIER_LAYOUT']); // the compute-queue layout is fine there
  });

  it('[EB-INTEROP-1] an enhanced barrier on a subresource a legacy barrier left in RENDER_TARGET: BARRIER_INTEROP_INVALID_LAYOUT', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COMMON, D.D3D12_RESOURCE_STATE_RENDER_TARGET);
    barrier(w, tb(t, L_RT, L_SRV, S_RT, S_PIXEL, A_RT, A_SRV));
    w.submit();
    expect(w.ids()).toContain('BARRIER_INTEROP_INVALID_LAYOUT');
  });

  it('[EB-INTEROP-2] a legacy barrier on a subresource an enhanced barrier left in SHADER_RESOURCE: BARRIER_INTEROP_INVALID_STATE; back in COMMON both mix freely', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    upload(w, t);
    w.barrier(t, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D.D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, 0);
    w.submit();
    expect(w.ids()).toEqual(['BARRIER_INTEROP_INVALID_STATE']);
    const ok = world();
    const u = ok.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(ok, tb(u, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    barrier(ok, tb(u, L_COPY_DEST, L_COMMON, S_COPY, S_NONE, A_COPY_DEST, A_NONE));
    ok.barrier(u, D.D3D12_RESOURCE_STATE_COMMON, D.D3D12_RESOURCE_STATE_COPY_SOURCE);
    ok.submit();
    expect(ok.ids()).toEqual([]);
  });

  it('[EB-REC-1] a texture barrier on a buffer: INCOMPATIBLE_BARRIER_TYPE; a range past the texture: Close fails', () => {
    const w = world();
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(w, tb(b, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_TYPE']);
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON).out!;
    barrier(
      w,
      tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST, {
        Subresources: { IndexOrFirstMipLevel: 0, NumMipLevels: 2, FirstArraySlice: 0, NumArraySlices: 1 },
      }),
    );
    expect(w.ids()).toContain('TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS');
    expect(w.list.Close()).toBe('E_INVALIDARG');
  });

  it('[EB-REC-1] [EB-STATE-1] buffer and global barriers: sync/access only, no state change, no message when correct; a range past the buffer warns', () => {
    const w = world();
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    w.list.Barrier({
      NumBarrierGroups: 2,
      BarrierGroups: [
        {
          Type: BUFFER,
          NumBarriers: 1,
          BufferBarriers: [
            {
              SyncBefore: S_COPY,
              SyncAfter: S_PIXEL,
              AccessBefore: A_COPY_DEST,
              AccessAfter: A_SRV,
              Resource: b,
              Offset: 0,
              Size: 0xffffffffffffffffn,
            },
          ],
        },
        {
          Type: GLOBAL,
          NumBarriers: 1,
          GlobalBarriers: [
            { SyncBefore: S_COPY, SyncAfter: S_COPY, AccessBefore: A_COPY_DEST, AccessAfter: A_COPY_DEST },
          ],
        },
      ],
    });
    w.submit();
    expect(w.ids()).toEqual([]);
    const ch = D.stateChangesOf(D.indexTrace(w.sys.trace), b.id).filter((c) => c.kind === 'barrier');
    expect(ch).toHaveLength(1);
    expect(ch[0].before).toBe(ch[0].after);
    expect(D.accessShort(ch[0].enh!.accessAfter)).toBe('SHADER_RESOURCE');
    const v = world();
    const b2 = v.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON, 65536).out!;
    v.list.Barrier({
      BarrierGroups: [
        {
          Type: BUFFER,
          BufferBarriers: [
            {
              SyncBefore: S_COPY,
              SyncAfter: S_COPY,
              AccessBefore: A_COPY_DEST,
              AccessAfter: A_COPY_DEST,
              Resource: b2,
              Offset: 0,
              Size: 65537,
            },
          ],
        },
      ],
    });
    expect(v.ids()).toEqual(['BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS']);
  });

  it('[EB-REC-1] a group of unknown Type or a barrier without a resource: INCOMPATIBLE_BARRIER_VALUES, Close fails (never throws)', () => {
    const w = world();
    w.list.Barrier({ BarrierGroups: [{ Type: 7, NumBarriers: 0 }] });
    barrier(w, tb(null as unknown as D.ID3D12Resource, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST));
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_VALUES', 'INCOMPATIBLE_BARRIER_VALUES']);
    expect(w.list.Close()).toBe('E_INVALIDARG');
  });

  it('[EB-ECL-1] a subresource range moves only the named mips; the others keep their layout', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COMMON, { MipLevels: 2 }).out!;
    barrier(
      w,
      tb(t, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST, {
        Subresources: {
          IndexOrFirstMipLevel: 1,
          NumMipLevels: 1,
          FirstArraySlice: 0,
          NumArraySlices: 1,
          FirstPlane: 0,
          NumPlanes: 1,
        },
      }),
    );
    w.submit();
    expect(w.ids()).toEqual([]);
    expect(t.layouts).toEqual([-1, L_COPY_DEST]);
  });

  it('[EB-LIST-2] a COPY list may name only SYNC_ALL / COPY / SPLIT: PIXEL_SHADING there is INCOMPATIBLE_BARRIER_SYNC', () => {
    const w = world();
    const alloc = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_COPY }).out!;
    const cl = w.dev.CreateCommandList({ type: D.D3D12_COMMAND_LIST_TYPE_COPY, CommandAllocator: alloc }).out!;
    const b = w.buffer(D.D3D12_HEAP_TYPE_DEFAULT, D.D3D12_RESOURCE_STATE_COMMON).out!;
    const bb = (sa: number) => ({
      Type: BUFFER,
      BufferBarriers: [
        { SyncBefore: S_COPY, SyncAfter: sa, AccessBefore: A_COPY_DEST, AccessAfter: A_COPY_DEST, Resource: b },
      ],
    });
    cl.Barrier({ BarrierGroups: [bb(S_COPY)] });
    expect(w.ids()).toEqual([]);
    cl.Barrier({ BarrierGroups: [bb(S_PIXEL | S_COPY)] });
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_SYNC']);
  });

  it('[EB-REC-1] DRED names an enhanced barrier D3D12_AUTO_BREADCRUMB_OP_BARRIER in the breadcrumbs of a faulting list', () => {
    const sys = new D.D3D12System();
    const s = sys.D3D12GetDebugInterface({ riid: 'ID3D12DeviceRemovedExtendedDataSettings' })
      .out as D.ID3D12DeviceRemovedExtendedDataSettings;
    s.SetAutoBreadcrumbsEnablement({ Enablement: D.D3D12_DRED_ENABLEMENT_FORCED_ON });
    const dev = sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    const q = dev.CreateCommandQueue({ Type: 0 }).out!;
    const a = dev.CreateCommandAllocator({ type: 0 }).out!;
    const l = dev.CreateCommandList({ type: 0, CommandAllocator: a }).out!;
    const mk = (heap: number, st: number) =>
      dev.CreateCommittedResource({
        HeapProperties: { Type: heap },
        Desc: {
          Dimension: 1,
          Width: 4096,
          Height: 1,
          DepthOrArraySize: 1,
          MipLevels: 1,
          SampleDesc: { Count: 1, Quality: 0 },
          Layout: 1,
        },
        InitialResourceState: st,
      }).out!;
    const up = mk(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ);
    const dst = mk(D.D3D12_HEAP_TYPE_DEFAULT, 0);
    l.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 64 });
    l.Barrier({
      BarrierGroups: [
        {
          Type: BUFFER,
          BufferBarriers: [
            {
              SyncBefore: S_COPY,
              SyncAfter: S_COPY,
              AccessBefore: A_COPY_DEST,
              AccessAfter: A_COPY_DEST,
              Resource: dst,
            },
          ],
        },
      ],
    });
    l.Close();
    q.ExecuteCommandLists({ CommandLists: [l] });
    up.Release(); // GPU work still reads it: a page fault at completion removes the device
    sys.idle();
    expect(dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
    const dred = dev.QueryInterface({ riid: 'ID3D12DeviceRemovedExtendedData' })
      .out as D.ID3D12DeviceRemovedExtendedData;
    expect(dred.GetAutoBreadcrumbsOutput().out!.HeadAutoBreadcrumbNode[0].CommandHistory).toEqual([
      'COPYBUFFERREGION',
      'BARRIER',
    ]);
  });

  it('[EB-CREATE-1] CreateCommittedResource3: a texture starts in its InitialLayout (layout-tracked); a buffer takes only UNDEFINED', () => {
    const w = world();
    const desc = {
      Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
      Width: 64,
      Height: 64,
      DepthOrArraySize: 1,
      MipLevels: 1,
      Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
      SampleDesc: { Count: 1, Quality: 0 },
    };
    const mk = (InitialLayout: number) =>
      w.dev.CreateCommittedResource3({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
        Desc: desc,
        InitialLayout,
      });
    const t = mk(L_COPY_DEST).out!;
    expect(t.layouts).toEqual([L_COPY_DEST]);
    expect(D.resourceStateShort(t.state[0])).toBe('COPY_DEST');
    w.copyInto(t, w.upload()); // COPY_DEST layout: the copy needs no barrier
    barrier(w, tb(t, L_COPY_DEST, L_SRV, S_COPY, S_PIXEL, A_COPY_DEST, A_SRV));
    const u = mk(L_SRV).out!;
    barrier(w, tb(u, L_COMMON, L_COPY_DEST, S_NONE, S_COPY, A_NONE, A_COPY_DEST)); // wrong: it starts in SHADER_RESOURCE
    w.submit();
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
    expect(w.sys.messages[0].args).toMatchObject({ resource: u.id, layout: 'SHADER_RESOURCE' });
    const buf = (InitialLayout: number) =>
      w.dev.CreateCommittedResource3({
        HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
        Desc: { ...desc, Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER, Width: 65536, Height: 1, Format: 0, Layout: 1 },
        InitialLayout,
      });
    expect(buf(L_UNDEFINED).hr).toBe('S_OK');
    expect(buf(L_COMMON).hr).toBe('E_INVALIDARG');
  });
});
