// [EB-CREATE-2] ID3D12Device10::CreatePlacedResource2 / CreateReservedResource2 (SPEC.md §5.2): placed and reserved
// resources created with an InitialLayout (the reference pages: "InitialLayout: The initial layout of the texture
// resource; D3D12_BARRIER_LAYOUT::D3D12_BARRIER_LAYOUT_UNDEFINED for buffers"), over CreatePlacedResource's and
// CreateReservedResource's own validation.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const L = {
  UNDEFINED: D.D3D12_BARRIER_LAYOUT_UNDEFINED,
  COMMON: D.D3D12_BARRIER_LAYOUT_COMMON,
  COPY_DEST: D.D3D12_BARRIER_LAYOUT_COPY_DEST,
  SRV: D.D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
};
const texDesc = {
  Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Width: 64,
  Height: 64,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
  SampleDesc: { Count: 1, Quality: 0 },
};
const bufDesc = {
  ...texDesc,
  Dimension: D.D3D12_RESOURCE_DIMENSION_BUFFER,
  Width: 65536,
  Height: 1,
  Format: D.DXGI_FORMAT_UNKNOWN,
  Layout: D.D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
};

function placedWorld() {
  const w = world();
  const heap = w.dev.CreateHeap({ SizeInBytes: 1 << 20, Properties: { Type: D.D3D12_HEAP_TYPE_DEFAULT } }).out!;
  const placed = (Desc: Partial<D.D3D12_RESOURCE_DESC>, InitialLayout: number, HeapOffset = 0) =>
    w.dev.CreatePlacedResource2({ Heap: heap, HeapOffset, Desc, InitialLayout });
  /** A texture barrier on all subresources with no sync/access (layout change only). */
  const layoutBarrier = (r: D.ID3D12Resource, LayoutBefore: number, LayoutAfter: number) =>
    w.list.Barrier({
      NumBarrierGroups: 1,
      BarrierGroups: [
        {
          Type: D.D3D12_BARRIER_TYPE_TEXTURE,
          NumBarriers: 1,
          TextureBarriers: [
            {
              SyncBefore: D.D3D12_BARRIER_SYNC_NONE,
              SyncAfter: D.D3D12_BARRIER_SYNC_NONE,
              AccessBefore: D.D3D12_BARRIER_ACCESS_NO_ACCESS,
              AccessAfter: D.D3D12_BARRIER_ACCESS_NO_ACCESS,
              LayoutBefore,
              LayoutAfter,
              Resource: r,
              Subresources: { IndexOrFirstMipLevel: 0xffffffff, NumMipLevels: 0 },
            },
          ],
        },
      ],
    });
  return { w, heap, placed, layoutBarrier };
}

describe('[EB-CREATE-2] CreatePlacedResource2', () => {
  it('a placed texture starts in its InitialLayout, layout-tracked: a copy into COPY_DEST needs no barrier', () => {
    const { w, placed } = placedWorld();
    const r = placed(texDesc, L.COPY_DEST);
    expect(r.hr).toBe('S_OK');
    expect(r.out!.layouts).toEqual([L.COPY_DEST]);
    expect(r.out!.placement).toBe('placed');
    w.copyInto(r.out!, w.upload());
    w.submit();
    expect(w.ids()).toEqual([]);
  });

  it('its first enhanced barrier is checked against that layout: a wrong LayoutBefore is #1334 at ECL', () => {
    const { w, placed, layoutBarrier } = placedWorld();
    const t = placed(texDesc, L.SRV).out!;
    layoutBarrier(t, L.COPY_DEST, L.COMMON);
    w.submit();
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
    expect(w.sys.messages[0].args).toMatchObject({ resource: t.id, layout: 'SHADER_RESOURCE' });
  });

  it('UNDEFINED starts a texture in COMMON; a buffer takes only UNDEFINED (E_INVALIDARG otherwise)', () => {
    const { w, placed, layoutBarrier } = placedWorld();
    const t = placed(texDesc, L.UNDEFINED).out!;
    expect(t.layouts).toEqual([L.COMMON]);
    layoutBarrier(t, L.COMMON, L.SRV);
    expect(placed(bufDesc, L.UNDEFINED, 65536).hr).toBe('S_OK');
    expect(w.ids()).toEqual([]);
    expect(placed(bufDesc, L.COMMON, 2 * 65536).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
    w.submit();
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
  });

  it("CreatePlacedResource's own rules still apply: an offset past the heap fails", () => {
    const { placed } = placedWorld();
    expect(placed(texDesc, L.COMMON, 1 << 20).hr).toBe('E_INVALIDARG');
  });
});

describe('[EB-CREATE-2] CreateReservedResource2', () => {
  it('a reserved texture starts in its InitialLayout, layout-tracked; a buffer takes only UNDEFINED', () => {
    const w = world({ adapter: 0 });
    const t = w.dev.CreateReservedResource2({ Desc: { ...texDesc, Layout: 2 }, InitialLayout: L.SRV });
    expect(t.hr).toBe('S_OK');
    expect(t.out!.layouts).toEqual([L.SRV]);
    expect(t.out!.placement).toBe('reserved');
    expect(w.dev.CreateReservedResource2({ Desc: bufDesc, InitialLayout: L.UNDEFINED }).hr).toBe('S_OK');
    expect(w.dev.CreateReservedResource2({ Desc: bufDesc, InitialLayout: L.COPY_DEST }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['INCOMPATIBLE_BARRIER_LAYOUT']);
  });
});
