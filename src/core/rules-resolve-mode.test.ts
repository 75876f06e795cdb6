// [RESOLVE-MODE-1] (SPEC.md §7.3) ResolveSubresourceRegion's D3D12_RESOLVE_MODE and formats, from the D3D12_RESOLVE_MODE
// page: MIN and MAX "can be used with any render target or depth stencil format"; AVERAGE "can be used with any
// non-integer render target format, including the depth plane. It can't be used with integer render target formats,
// including the stencil plane"; MIN/MAX/AVERAGE need a single-sampled destination, DECOMPRESS equal sample counts.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

const RS = D.D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
const RD = D.D3D12_RESOURCE_STATE_RESOLVE_DEST;
const { D3D12_RESOLVE_MODE_AVERAGE: AVERAGE, D3D12_RESOLVE_MODE_MIN: MIN, D3D12_RESOLVE_MODE_MAX: MAX } = D;

function modeWorld() {
  const w = world();
  const pair = (Format: number, Flags: number) => ({
    src: w.tex(RS, { Format, SampleDesc: { Count: 4, Quality: 0 }, Flags }).out!,
    dst: w.tex(RD, { Format, Flags }).out!,
  });
  const region = (
    p: { src: D.ID3D12Resource; dst: D.ID3D12Resource },
    Format: number,
    ResolveMode: number,
    SrcSubresource = 0,
  ) =>
    w.list.ResolveSubresourceRegion({
      DstResource: p.dst,
      DstSubresource: SrcSubresource,
      DstX: 0,
      DstY: 0,
      SrcResource: p.src,
      SrcSubresource,
      SrcRect: null,
      Format,
      ResolveMode,
    });
  return { w, pair, region };
}

describe('[RESOLVE-MODE-1] resolve modes and formats of ResolveSubresourceRegion', () => {
  it('AVERAGE of the depth plane (D32_FLOAT) is allowed; MIN and MAX too', () => {
    const { w, pair, region } = modeWorld();
    const depth = pair(D.DXGI_FORMAT_D32_FLOAT, D.D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    for (const mode of [AVERAGE, MIN, MAX]) region(depth, D.DXGI_FORMAT_D32_FLOAT, mode);
    expect(w.ids()).toEqual([]);
    expect(w.list.Close()).toBe('S_OK');
  });

  it('AVERAGE of an integer format is INVALID_FORMAT; MIN and MAX of it are fine', () => {
    const { w, pair, region } = modeWorld();
    const uint = pair(D.DXGI_FORMAT_R32_UINT, D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    region(uint, D.DXGI_FORMAT_R32_UINT, MIN);
    region(uint, D.DXGI_FORMAT_R32_UINT, MAX);
    expect(w.ids()).toEqual([]);
    region(uint, D.DXGI_FORMAT_R32_UINT, AVERAGE);
    expect(w.ids()).toEqual(['RESOLVESUBRESOURCE_INVALID_FORMAT']);
    expect(w.list.Close()).toBe('E_INVALIDARG');
  });

  it('AVERAGE of the stencil plane (D24_UNORM_S8_UINT plane 1) is INVALID_FORMAT; of its depth plane allowed', () => {
    const { w, pair, region } = modeWorld();
    const ds = pair(D.DXGI_FORMAT_D24_UNORM_S8_UINT, D.D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    region(ds, D.DXGI_FORMAT_D24_UNORM_S8_UINT, AVERAGE, 0);
    expect(w.ids()).toEqual([]);
    region(ds, D.DXGI_FORMAT_D24_UNORM_S8_UINT, AVERAGE, 1);
    expect(w.ids()).toEqual(['RESOLVESUBRESOURCE_INVALID_FORMAT']);
  });
});
