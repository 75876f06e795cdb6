// [MSAA-EXEC-1] The MSAA programs test-gpu-msaa.ts runs on Dawn, on the model alone: the correct programs (single-
// sampled reference, 4× and 8× with ResolveSubresource, ResolveSubresourceRegion in each mode) raise nothing and record
// what the executor replays; the bug-like variants record what they say; a PSO/target sample-count mismatch warns.
import { describe, expect, it } from 'vitest';
import * as D from '../../core';
import { msaaProgram, SIDE } from './msaa-programs';

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
});
