// [RG-GRAPH] Render graph compile: lifetimes from first to last use; resources alive at different times share
// heap bytes; an ALIASING barrier (naming the previous user) precedes each reuse of bytes; TRANSITION barriers
// follow the states each pass needs; a learner's mistake (unknown name, read before write, hand-chosen offsets
// that overlap live resources) comes back as an error naming the resources and passes, never as a throw.
import { describe, expect, it } from 'vitest';
import {
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
} from '../enums';
import { compileGraph, type CompiledGraph, type RGDesc } from './graph';
import { deferredFrame, FRAMES, repeatedFrames } from './frames';

const MB = 1 << 20;

/** A small bloom chain: scene -> bright -> down1 -> down2 -> up1 -> composite into the back buffer. */
const bloom: RGDesc = {
  resources: [
    { name: 'scene', kind: 'color', size: 8 * MB },
    { name: 'bright', kind: 'color', size: 2 * MB },
    { name: 'down1', kind: 'color', size: MB / 2 },
    { name: 'down2', kind: 'color', size: MB / 4 },
    { name: 'up1', kind: 'color', size: MB / 2 },
    {
      name: 'backbuffer',
      kind: 'color',
      size: 8 * MB,
      imported: true,
      initialState: D3D12_RESOURCE_STATE_PRESENT,
      finalState: D3D12_RESOURCE_STATE_PRESENT,
    },
  ],
  passes: [
    { name: 'scene', writes: ['scene'] },
    { name: 'bright', reads: ['scene'], writes: ['bright'] },
    { name: 'down1', reads: ['bright'], writes: ['down1'] },
    { name: 'down2', reads: ['down1'], writes: ['down2'] },
    { name: 'up1', reads: ['down2', 'down1'], writes: ['up1'] },
    { name: 'composite', reads: ['scene', 'up1'], writes: ['backbuffer'] },
  ],
};

function ok(desc: RGDesc, offsets?: number[]): CompiledGraph {
  const out = compileGraph(desc, offsets ? { offsets } : {});
  if ('error' in out) throw new Error(out.error.message);
  return out.graph;
}

const names = (g: CompiledGraph, d: RGDesc, p: number): string[] =>
  g.barriers
    .slice(g.barrierStart[p], g.barrierStart[p + 1])
    .map((b) =>
      b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING
        ? `alias ${d.resources[b.before!].name}->${d.resources[b.resource].name}`
        : `${d.resources[b.resource].name} ${b.StateBefore}->${b.StateAfter}`,
    );

describe('render graph compile', () => {
  it('[RG-GRAPH-1] lifetimes are first to last use; resources alive apart share bytes; the heap is LOAD', () => {
    const g = ok(bloom);
    expect(Array.from(g.first)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(g.last)).toEqual([5, 2, 4, 4, 5, 5]);
    expect(g.offsets[5]).toBe(-1); // imported: not placed
    // bright [1,2] and down2 [3,4] never live together: the placer lets them share bytes
    const [, bright, , down2] = g.offsets;
    expect(bright < down2 + MB / 4 && down2 < bright + 2 * MB).toBe(true);
    expect(g.heapSize).toBe(g.load);
    expect(g.heapSize).toBeLessThan(g.unaliasedSize);
  });

  it('[RG-GRAPH-2] an ALIASING barrier names the previous user of the bytes, before the first use; transitions follow the states', () => {
    const g = ok(bloom);
    const all = bloom.passes.map((_, p) => names(g, bloom, p));
    expect(all[3]).toContain('alias bright->down2');
    expect(all[1]).toEqual([
      `scene ${D3D12_RESOURCE_STATE_RENDER_TARGET}->${D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE}`,
    ]);
    expect(all[5]).toContain(`backbuffer ${D3D12_RESOURCE_STATE_PRESENT}->${D3D12_RESOURCE_STATE_RENDER_TARGET}`);
    expect(names(g, bloom, 6)).toEqual([
      `backbuffer ${D3D12_RESOURCE_STATE_RENDER_TARGET}->${D3D12_RESOURCE_STATE_PRESENT}`,
    ]);
    // a transient is created in its first state, so its first use needs no transition
    expect(g.firstState[1]).toBe(D3D12_RESOURCE_STATE_RENDER_TARGET);
    expect(
      g.barriers.filter(
        (b) => b.Type === D3D12_RESOURCE_BARRIER_TYPE_TRANSITION && b.resource === 1 && b.StateBefore === undefined,
      ),
    ).toEqual([]);
  });

  it('[RG-GRAPH-3] every reuse of bytes by another resource gets exactly one ALIASING barrier, on the deferred frames', () => {
    for (const opts of Object.values(FRAMES)) {
      const d = deferredFrame(opts);
      const g = ok(d);
      let expected = 0;
      for (let r = 0; r < d.resources.length; r++) {
        if (g.offsets[r] < 0) continue;
        const reuses = d.resources.some(
          (q, k) =>
            k !== r &&
            g.offsets[k] >= 0 &&
            g.last[k] < g.first[r] &&
            g.offsets[k] < g.offsets[r] + d.resources[r].size &&
            g.offsets[r] < g.offsets[k] + q.size,
        );
        if (reuses) expected++;
      }
      const aliasing = g.barriers.filter((b) => b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING);
      expect(aliasing.length).toBe(expected);
      expect(expected).toBeGreaterThan(5);
      for (const b of aliasing) expect(g.last[b.before!]).toBeLessThan(g.first[b.resource]);
    }
  });

  it('[RG-GRAPH-4] hand-chosen offsets that overlap two live resources: overlap-lifetimes naming both and the passes', () => {
    // a valid hand placement: down2 and up1 reuse bright's bytes once bright is dead
    const good = [0, 8 * MB, 10 * MB, 8 * MB, 8 * MB + MB / 4, -1];
    expect(ok(bloom, good).heapSize).toBe(10 * MB + MB / 2);
    // down1 [2,4] put at bright's offset while bright [1,2] is still alive in pass 'down1'
    const out = compileGraph(bloom, { offsets: good.map((o, i) => (i === 2 ? 8 * MB : o)) });
    expect('error' in out && out.error).toMatchObject({
      code: 'overlap-lifetimes',
      resources: ['bright', 'down1'],
      passes: ['down1'],
    });
    if ('error' in out)
      expect(out.error.message).toBe("'bright' and 'down1' share heap bytes but are both alive in pass 'down1'");
  });

  it.each([
    [{ ...bloom, passes: [...bloom.passes, { name: 'ui', writes: ['uii'] }] }, 'unknown-resource', ['uii'], ['ui']],
    [
      { ...bloom, passes: [{ name: 'early', reads: ['bright'], writes: ['scene'] }, ...bloom.passes] },
      'read-before-write',
      ['bright'],
      ['early'],
    ],
    [
      { ...bloom, resources: [...bloom.resources, { name: 'scene', kind: 'color' as const, size: 4 }] },
      'duplicate-resource',
      ['scene'],
      [],
    ],
    [
      { ...bloom, passes: [...bloom.passes, { name: 'feedback', reads: ['up1'], writes: ['up1'] }] },
      'read-write-same-pass',
      ['up1'],
      ['feedback'],
    ],
  ])('[RG-GRAPH-5] mistakes come back as errors: %#', (desc, code, resources, passes) => {
    const out = compileGraph(desc as RGDesc);
    expect('error' in out && out.error).toMatchObject({ code, resources, passes });
  });

  it('[RG-GRAPH-6] large graphs compile with valid placements at LOAD', () => {
    const d = repeatedFrames(1000);
    const g = ok(d);
    expect(d.passes.length).toBe(1000);
    expect(g.heapSize).toBe(g.load);
    const live = d.resources.map((r, i) => ({ r, i })).filter(({ i }) => g.offsets[i] >= 0);
    // spot check: resources alive in pass 500 never share bytes
    const at = live
      .filter(({ i }) => g.first[i] <= 500 && 500 <= g.last[i])
      .map(({ r, i }) => [g.offsets[i], g.offsets[i] + r.size])
      .sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < at.length; k++) expect(at[k][0]).toBeGreaterThanOrEqual(at[k - 1][1]);
    expect(at.length).toBeGreaterThan(3);
  });
});
