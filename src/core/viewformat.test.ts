// [VIEW-FMT-1] [VIEW-FMT-2] Which SRV/RTV formats a resource's format family allows (lesson 18): typed views inside
// the family are free on a TYPELESS resource; a format of another family, or FLOAT <-> non-FLOAT, or a TYPELESS view
// format is CREATE*VIEW_INVALIDFORMAT and removes the device (Create*View returns void).
import { describe, expect, it } from 'vitest';
import * as D from './index';

function world(relaxedCasting = true) {
  const sys = new D.D3D12System({});
  sys.debugLayerEnabled = true;
  const dev = sys.D3D12CreateDevice({ Adapter: null, MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
  dev.facts.relaxedCasting = relaxedCasting;
  const tex = (Format: number) =>
    dev.CreateCommittedResource({
      HeapProperties: { Type: D.D3D12_HEAP_TYPE_DEFAULT },
      Desc: {
        Dimension: D.D3D12_RESOURCE_DIMENSION_TEXTURE2D,
        Width: 4,
        Height: 4,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format,
        SampleDesc: { Count: 1, Quality: 0 },
        Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
      },
      InitialResourceState: D.D3D12_RESOURCE_STATE_COMMON,
    }).out!;
  const srvHeap = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
    NumDescriptors: 4,
    Flags: 0,
  }).out!;
  const rtvHeap = dev.CreateDescriptorHeap({
    Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
    NumDescriptors: 4,
    Flags: 0,
  }).out!;
  const srv = (r: D.ID3D12Resource, Format: number | null) =>
    dev.CreateShaderResourceView({
      Resource: r,
      DestDescriptor: srvHeap.GetCPUDescriptorHandleForHeapStart(),
      Desc:
        Format === null
          ? null
          : {
              Format,
              ViewDimension: D.D3D12_SRV_DIMENSION_TEXTURE2D,
              Shader4ComponentMapping: D.D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING,
              Texture2D: { MipLevels: 1 },
            },
    });
  const rtv = (r: D.ID3D12Resource, Format: number) =>
    dev.CreateRenderTargetView({
      Resource: r,
      DestDescriptor: rtvHeap.GetCPUDescriptorHandleForHeapStart(),
      Desc: { Format, ViewDimension: D.D3D12_RTV_DIMENSION_TEXTURE2D, Texture2D: { MipSlice: 0, PlaneSlice: 0 } },
    });
  const ids = () => sys.messages.map((m) => m.id);
  return { sys, dev, tex, srv, rtv, ids, slot: () => srvHeap.slots[0] };
}

describe('[VIEW-FMT-1] [VIEW-FMT-2] view formats', () => {
  it("an R8G8B8A8_TYPELESS resource takes UNORM and UNORM_SRGB SRVs and RTVs; the slot keeps the view's format", () => {
    const w = world(false);
    const t = w.tex(D.DXGI_FORMAT_R8G8B8A8_TYPELESS);
    w.srv(t, D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect(w.slot()?.format).toBe(D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    w.srv(t, D.DXGI_FORMAT_R8G8B8A8_UNORM);
    w.rtv(t, D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect(w.ids()).toEqual([]);
    expect(w.dev.GetDeviceRemovedReason()).toBe('S_OK');
  });

  it('an _SRGB view of a fully typed UNORM resource: allowed with relaxed casting, refused without', () => {
    const a = world(true);
    a.srv(a.tex(D.DXGI_FORMAT_R8G8B8A8_UNORM), D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect(a.ids()).toEqual([]);
    const b = world(false);
    b.srv(b.tex(D.DXGI_FORMAT_R8G8B8A8_UNORM), D.DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    expect(b.ids()).toEqual(['CREATESHADERRESOURCEVIEW_INVALIDFORMAT', 'DEVICE_REMOVAL_PROCESS_AT_FAULT']);
    expect(b.dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_INVALID_CALL');
  });

  it('a view format of another family (R32_FLOAT on R8G8B8A8) is refused, for SRVs and RTVs', () => {
    const a = world();
    a.srv(a.tex(D.DXGI_FORMAT_R8G8B8A8_TYPELESS), D.DXGI_FORMAT_R32_FLOAT);
    expect(a.ids()[0]).toBe('CREATESHADERRESOURCEVIEW_INVALIDFORMAT');
    expect(a.slot()).toBeFalsy();
    const b = world();
    b.rtv(b.tex(D.DXGI_FORMAT_R8G8B8A8_UNORM), D.DXGI_FORMAT_B8G8R8A8_UNORM);
    expect(b.ids()[0]).toBe('CREATERENDERTARGETVIEW_INVALIDFORMAT');
  });

  it('[VIEW-FMT-2] a TYPELESS view format, or a null desc on a TYPELESS resource, is refused', () => {
    const a = world();
    a.srv(a.tex(D.DXGI_FORMAT_R8G8B8A8_TYPELESS), D.DXGI_FORMAT_R8G8B8A8_TYPELESS);
    expect(a.ids()).toEqual(['CREATESHADERRESOURCEVIEW_INVALIDFORMAT', 'DEVICE_REMOVAL_PROCESS_AT_FAULT']);
    const b = world();
    b.srv(b.tex(D.DXGI_FORMAT_R8G8B8A8_TYPELESS), null);
    expect(b.ids()[0]).toBe('CREATESHADERRESOURCEVIEW_INVALIDFORMAT');
    const c = world();
    c.srv(c.tex(D.DXGI_FORMAT_R8G8B8A8_UNORM), null);
    expect(c.ids()).toEqual([]);
  });
});
