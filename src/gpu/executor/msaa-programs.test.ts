// [MSAA-EXEC-1] The MSAA programs test-gpu-msaa.ts runs on Dawn, on the model alone: the correct programs (single-
// sampled reference, 4× and 8× with ResolveSubresource, ResolveSubresourceRegion in each mode) raise nothing and record
// what the executor replays; the bug-like variants record what they say; a PSO/target sample-count mismatch warns.
import { describe, expect, it } from 'vitest';
import * as D from '../../core';
import { msaaProgram, SIDE } from './msaa-programs';
import { sampleMismatch, webgpuSampleCount } from './replay-resolve';

const ops = (p: ReturnType<typeof msaaProgram>) =>
  p.sys.trace.events.flatMap((e) => (e.k === 'call' ? [e.api.split('::')[1]] : []));
const ids = (p: ReturnType<typeof msaaProgram>) => p.sys.messages.map((m) => m.id);

describe('[MSAA-EXEC-1] MSAA programs on the model', () => {
  it('the correct programs raise no debug-layer message and resolve once', () => {
    for (const samples of [1, 2, 4, 8]) {
      const p = msaaProgram({ samples });
      expect(ids(p)).toEqual([]);
      expect(p.target.desc.SampleDesc.Count).toBe(samples);
      expect(ops(p).filter((m) => m === 'ResolveSubresource').length).toBe(samples > 1 ? 1 : 0);
    }
    for (const mode of [D.D3D12_RESOLVE_MODE_AVERAGE, D.D3D12_RESOLVE_MODE_MIN, D.D3D12_RESOLVE_MODE_MAX]) {
      const p = msaaProgram({
        samples: 4,
        region: { rect: { left: 0, top: 0, right: SIDE / 2, bottom: SIDE }, dstX: SIDE / 2, dstY: 0, mode },
      });
      expect(ids(p)).toEqual([]);
      expect(ops(p)).toContain('ResolveSubresourceRegion');
    }
  });
  it('the sRGB program (TYPELESS resources, _SRGB views and resolve Format) raises nothing', () => {
    const p = msaaProgram({ samples: 4, srgb: true });
    expect(ids(p)).toEqual([]);
    expect(p.target.desc.Format).toBe(D.DXGI_FORMAT_R8G8B8A8_TYPELESS);
  });
  it('the custom resolve (a Texture2DMS SRV read by a second draw) raises nothing and resolves nothing', () => {
    const p = msaaProgram({ samples: 4, variant: 'shader-load' });
    expect(ids(p)).toEqual([]);
    expect(ops(p).filter((m) => m === 'DrawInstanced').length).toBe(2);
    expect(ops(p)).not.toContain('ResolveSubresource');
  });
  it('[MSAA-3] CopyResource where the resolve belongs: refused at record, the list dropped at ExecuteCommandLists', () => {
    const p = msaaProgram({ samples: 4, variant: 'copy-resource' });
    expect(ids(p)).toContain('COPYRESOURCE_INVALIDDSTRESOURCE');
    expect(ops(p)).not.toContain('ResolveSubresource');
  });
  it('the bug-like variants: no resolve call, or the resolve recorded before the draw', () => {
    expect(ops(msaaProgram({ samples: 4, variant: 'no-resolve' }))).not.toContain('ResolveSubresource');
    const early = ops(msaaProgram({ samples: 4, variant: 'resolve-before-draw' }));
    expect(early.indexOf('ResolveSubresource')).toBeLessThan(early.indexOf('DrawInstanced'));
  });
  it('[MSAA-2] a 1-sample PSO drawing into the 4x target warns (the executor then does not draw)', () => {
    expect(ids(msaaProgram({ samples: 4, psoSamples: 1 }))).toContain(
      'RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE',
    );
  });
  it("the executor: 2x, 4x and 8x targets are 4-sample WebGPU textures; a PSO count other than the target's is not drawn", () => {
    expect([1, 2, 4, 8].map((samples) => webgpuSampleCount(msaaProgram({ samples }).target))).toEqual([1, 4, 4, 4]);
    const t8 = msaaProgram({ samples: 8 }).target;
    // 2x and 8x both run at 4 samples, but the D3D12 counts decide: a 2x PSO on an 8x target is MSAA-2's mismatch
    expect(sampleMismatch({ SampleDesc: { Count: 8, Quality: 0 } }, t8, 7)).toBeNull();
    expect(sampleMismatch({ SampleDesc: { Count: 2, Quality: 0 } }, t8, 7)).toMatch(
      /call 7.*SampleDesc.Count is 2, the render target's 8.*not drawn/,
    );
    expect(sampleMismatch({}, msaaProgram({ samples: 1 }).target, 7)).toBeNull();
  });
});
