// Legacy split barriers ([BAR-SPLIT-1..4] in SPEC.md §5.1): D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY "starts a barrier
// transition in a new state, putting a resource in a temporary no-access condition", END_ONLY "completes a
// transition, setting a new state and restoring active access" (D3D12_RESOURCE_BARRIER_FLAGS docs); between them the
// only legal barrier on the subresource is the matching END_ONLY ("Using Resource Barriers ...", Split barriers).
// Message IDs: the header's RESOURCE_BARRIER_INVALID_SPLIT_BARRIER (#533), _UNMATCHED_END (#534), _UNMATCHED_BEGIN
// (#535); which fires where is inferred (no public log quotes them).
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { ALL, T, world } from './rules.world';

const S = {
  COMMON: D.D3D12_RESOURCE_STATE_COMMON,
  COPY_DEST: D.D3D12_RESOURCE_STATE_COPY_DEST,
  COPY_SOURCE: D.D3D12_RESOURCE_STATE_COPY_SOURCE,
  PSR: D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
};
const BEGIN = D.D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY;
const END = D.D3D12_RESOURCE_BARRIER_FLAG_END_ONLY;

function splitWorld() {
  const w = world();
  const split = (r: D.ID3D12Resource, before: number, after: number, Flags: number, sub = ALL) => {
    w.list.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [
        { Type: T, Flags, Transition: { Resource: r, Subresource: sub, StateBefore: before, StateAfter: after } },
      ],
    });
    return w.sys.callIndex;
  };
  const raised = () => w.sys.messages.map((m) => [m.id, m.callIndex] as const);
  /** The states the ECL applied to a resource (trace `state` events of kind barrier). */
  const applied = (r: D.ID3D12Resource) =>
    w.sys.trace.events.flatMap((e) =>
      e.k === 'state' && e.res === r.id && e.kind === 'barrier' ? [[e.before, e.after] as const] : [],
    );
  return { w, split, raised, applied };
}

describe('[BAR-SPLIT-1] BEGIN_ONLY then END_ONLY with the same states', () => {
  it('a correct split raises nothing and the ECL applies the transition once, at the END_ONLY', () => {
    const { w, split, applied } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    w.copyInto(w.tex(S.COPY_DEST).out!, w.upload()); // other work inside the split
    split(t, S.COPY_DEST, S.PSR, END);
    w.submit();
    w.sys.idle();
    expect(w.ids()).toEqual([]);
    expect(applied(t)).toEqual([[S.COPY_DEST, S.PSR]]);
    expect(t.state[0]).toBe(S.PSR);
  });

  it('per subresource: a BEGIN_ONLY on ALL_SUBRESOURCES ended subresource by subresource is correct', () => {
    const { w, split } = splitWorld();
    const t = w.tex(S.COPY_DEST, { MipLevels: 2 }).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    split(t, S.COPY_DEST, S.PSR, END, 0);
    split(t, S.COPY_DEST, S.PSR, END, 1);
    w.submit();
    expect(w.ids()).toEqual([]);
    expect([...t.state]).toEqual([S.PSR, S.PSR]);
  });

  it("the BEGIN_ONLY's StateBefore is checked at ECL when the list did not know the state (#527)", () => {
    const { w, split } = splitWorld();
    const t = w.tex(S.COPY_SOURCE).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN); // the texture is in COPY_SOURCE, which the list cannot know
    split(t, S.COPY_DEST, S.PSR, END);
    expect(w.ids()).toEqual([]);
    w.submit();
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH']);
  });
});

describe('[BAR-SPLIT-2] the subresource is unusable while its split is pending', () => {
  it('a copy into the texture between BEGIN_ONLY and END_ONLY: #533 on the copy, not again at ECL', () => {
    const { w, split, raised } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    w.copyInto(t, w.upload());
    const at = w.sys.callIndex;
    split(t, S.COPY_DEST, S.PSR, END);
    w.submit();
    expect(raised()).toEqual([['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', at]]);
    expect(w.sys.messages[0].args).toMatchObject({ op: 'CopyTextureRegion', before: S.COPY_DEST, after: S.PSR });
  });

  it('the same copy after the END_ONLY (in the new state) is checked as any use: #538, not #533', () => {
    const { w, split } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    split(t, S.COPY_DEST, S.PSR, END);
    w.copyInto(t, w.upload());
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
  });
});

describe('[BAR-SPLIT-3] pairing: END_ONLY without BEGIN_ONLY, BEGIN_ONLY never ended', () => {
  it('END_ONLY with no BEGIN_ONLY in the list: #534 at record, the barrier is dropped', () => {
    const { w, split, raised, applied } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    const at = split(t, S.COPY_DEST, S.PSR, END);
    w.submit();
    expect(raised()).toEqual([['RESOURCE_BARRIER_UNMATCHED_END', at]]);
    expect(applied(t)).toEqual([]);
    expect(t.state[0]).toBe(S.COPY_DEST);
  });

  it('a BEGIN_ONLY in one list cannot be ended in the next list: #535 at the first Close, #534 in the second', () => {
    const { w, split } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    w.submit();
    w.sys.idle();
    w.alloc.Reset();
    w.list.Reset({ Allocator: w.alloc });
    split(t, S.COPY_DEST, S.PSR, END);
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_UNMATCHED_BEGIN', 'RESOURCE_BARRIER_UNMATCHED_END']);
  });

  it('a split left open at Close: #535 on Close per subresource, Close still S_OK; nothing is applied at ECL', () => {
    const { w, split, applied } = splitWorld();
    const t = w.tex(S.COPY_DEST, { MipLevels: 2 }).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    expect(w.list.Close()).toBe('S_OK');
    const close = w.sys.callIndex;
    expect(w.sys.messages.map((m) => [m.id, m.callIndex, m.args.subresource])).toEqual([
      ['RESOURCE_BARRIER_UNMATCHED_BEGIN', close, 0],
      ['RESOURCE_BARRIER_UNMATCHED_BEGIN', close, 1],
    ]);
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    expect(applied(t)).toEqual([]);
  });

  it('Reset forgets the pending splits of the old recording', () => {
    const { w, split } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    w.list.Close();
    w.list.Reset({ Allocator: w.alloc });
    w.copyInto(t, w.upload());
    w.list.Close();
    expect(w.ids()).toEqual(['RESOURCE_BARRIER_UNMATCHED_BEGIN']); // the first Close only
  });
});

describe('[BAR-SPLIT-4] the only legal barrier on a pending subresource is its matching END_ONLY', () => {
  it('BEGIN_ONLY twice on the same subresource: #533 on the second', () => {
    const { w, split, raised } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    const second = split(t, S.COPY_DEST, S.PSR, BEGIN);
    split(t, S.COPY_DEST, S.PSR, END);
    w.list.Close();
    expect(raised()).toEqual([['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', second]]);
  });

  it('END_ONLY with other states than its BEGIN_ONLY: #533, and the split stays open (#535 at Close)', () => {
    const { w, split, raised } = splitWorld();
    const t = w.tex(S.COPY_DEST).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN);
    const end = split(t, S.COPY_DEST, S.COPY_SOURCE, END);
    w.list.Close();
    expect(raised()).toEqual([
      ['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', end],
      ['RESOURCE_BARRIER_UNMATCHED_BEGIN', w.sys.callIndex],
    ]);
  });

  it('a plain transition of the pending subresource: #533; other subresources are free', () => {
    const { w, split, raised } = splitWorld();
    const t = w.tex(S.COPY_DEST, { MipLevels: 2 }).out!;
    split(t, S.COPY_DEST, S.PSR, BEGIN, 0);
    w.barrier(t, S.COPY_DEST, S.COPY_SOURCE, 1); // subresource 1 is not pending: fine
    w.barrier(t, S.COPY_DEST, S.COPY_SOURCE, 0);
    const plain = w.sys.callIndex;
    split(t, S.COPY_DEST, S.PSR, END, 0);
    w.submit();
    expect(raised()).toEqual([['RESOURCE_BARRIER_INVALID_SPLIT_BARRIER', plain]]);
    expect([...t.state]).toEqual([S.PSR, S.COPY_SOURCE]);
  });
});
