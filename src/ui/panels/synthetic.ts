// Traces built event by event into the real Trace class, for the panels' tests and the /bench/panels route.
// They follow what the model records (call first, then its effects at the same call index; GPU completions
// recorded at the first call made after the modelled GPU finished), so the panels meet the shapes they will
// meet in lessons. `smallTrace` is a hand-made lesson-sized story; `syntheticTrace(n)` repeats frames of
// upload -> copy -> draw -> present work with aliasing transients until it holds n events.

import { Trace, MESSAGE_DEFS, type HRESULT, type MessageId } from '../../core';

const S = {
  COMMON: 0, VCB: 0x1, RT: 0x4, UAV: 0x8, PSR: 0x80, COPY_DEST: 0x400, COPY_SOURCE: 0x800, GENERIC_READ: 0xac3,
};
export const SYNTH_STATES = S;

const HEAP = { DEFAULT: 1, UPLOAD: 2, READBACK: 3 };
const KiB = 1024;

/** Writes events with consistent call indices and modelled times (1 µs per call, GPU work behind it). */
export class TraceBuilder {
  readonly trace = new Trace();
  i = -1;
  /** modelled CPU time, ns */
  t = 0;
  nextId = 1;
  private queueEnd = new Map<number, number>();
  private pending: { t: number; fence: number; value: bigint; queue: number }[] = [];
  private lastCall: { hr: HRESULT | null } | null = null;

  call(api: string, self = 0, args: unknown = null, hr: HRESULT | null = 'S_OK'): number {
    this.i++;
    this.t += 1000;
    const ev = { k: 'call' as const, i: this.i, t: this.t, api, self, args, hr };
    this.lastCall = ev;
    this.trace.push(ev);
    // GPU completions that happened by now are recorded at this call (as the model's runGpuUntil does)
    while (this.pending.length && this.pending[0].t <= this.t) {
      const p = this.pending.shift()!;
      this.trace.push({ k: 'fence', i: this.i, fence: p.fence, value: p.value, t: p.t, kind: 'completed', queue: p.queue });
    }
    return this.i;
  }

  object(type: string, name: string | null = null, parent = 0): number {
    const id = this.nextId++;
    this.trace.push({ k: 'object', i: this.i, id, type, name, parent });
    if (name) this.trace.push({ k: 'name', i: this.i, id, name });
    return id;
  }

  committed(name: string, heapType: number, size: number, state: number, subs = 1): number {
    this.call('ID3D12Device::CreateCommittedResource', 1, { HeapProperties: { Type: heapType }, InitialResourceState: state });
    const id = this.object('ID3D12Resource', name, 1);
    for (let s = 0; s < subs; s++) this.trace.push({ k: 'state', i: this.i, res: id, sub: s, before: state, after: state, kind: 'initial', queue: -1 });
    this.trace.push({ k: 'alloc', i: this.i, res: id, heap: -1, heapType, offset: 0, size, placement: 'committed' });
    return id;
  }

  heap(name: string, heapType: number, size: number): number {
    this.call('ID3D12Device::CreateHeap', 1, { SizeInBytes: size, Properties: { Type: heapType } });
    const id = this.object('ID3D12Heap', name, 1);
    this.trace.push({ k: 'alloc', i: this.i, res: id, heap: id, heapType, offset: 0, size, placement: 'heap' });
    return id;
  }

  placed(name: string, heap: number, heapType: number, offset: number, size: number, state: number): number {
    this.call('ID3D12Device::CreatePlacedResource', 1, { pHeap: heap, HeapOffset: offset, InitialState: state });
    const id = this.object('ID3D12Resource', name, 1);
    this.trace.push({ k: 'state', i: this.i, res: id, sub: 0, before: state, after: state, kind: 'initial', queue: -1 });
    this.trace.push({ k: 'alloc', i: this.i, res: id, heap, heapType, offset, size, placement: 'placed' });
    return id;
  }

  release(id: number, free?: { heap: number; offset: number; size: number }): void {
    this.call('IUnknown::Release', id, null, null);
    this.trace.push({ k: 'release', i: this.i, id, refs: 0, destroyed: true });
    if (free) this.trace.push({ k: 'free', i: this.i, res: id, ...free });
  }

  /** Transition barriers recorded on a list; the model applies them at ExecuteCommandLists (queue given). */
  transition(list: number, queue: number, res: number, before: number, after: number, sub = 0): void {
    this.call('ID3D12GraphicsCommandList::ResourceBarrier', list, {
      NumBarriers: 1, Barriers: [{ Type: 'D3D12_RESOURCE_BARRIER_TYPE_TRANSITION', Transition: { pResource: res, Subresource: sub, StateBefore: before, StateAfter: after } }],
    }, null);
    this.trace.push({ k: 'state', i: this.i, res, sub, before, after, kind: 'barrier', queue });
  }

  aliasing(list: number, before: number, after: number): void {
    this.call('ID3D12GraphicsCommandList::ResourceBarrier', list, {
      NumBarriers: 1, Barriers: [{ Type: 'D3D12_RESOURCE_BARRIER_TYPE_ALIASING', Aliasing: { ResourceBefore: before, ResourceAfter: after } }],
    }, null);
  }

  implicit(res: number, before: number, after: number, kind: 'promotion' | 'decay', queue: number, sub = 0): void {
    this.trace.push({ k: 'state', i: this.i, res, sub, before, after, kind, queue });
  }

  marker(list: number, kind: 'begin' | 'end', name = ''): void {
    this.call(kind === 'begin' ? 'ID3D12GraphicsCommandList::BeginEvent' : 'ID3D12GraphicsCommandList::EndEvent', list, kind === 'begin' ? { Name: name } : null, null);
    this.trace.push({ k: 'marker', i: this.i, list, kind, name });
  }

  message(id: MessageId, args: Record<string, string | number | boolean | null> = {}): void {
    const d = MESSAGE_DEFS[id];
    this.trace.push({ k: 'message', i: this.i, msg: { id, category: d.category, severity: d.severity, callIndex: this.i, args } });
  }

  /** ExecuteCommandLists: GPU work starts when the queue is free and runs `gpuNs` of modelled time. */
  execute(queue: number, lists: number[], gpuNs: number): { start: number; end: number } {
    const submit = this.call('ID3D12CommandQueue::ExecuteCommandLists', queue, { NumCommandLists: lists.length, CommandLists: lists }, null);
    const start = Math.max(this.t, this.queueEnd.get(queue) ?? 0);
    const end = start + gpuNs;
    this.queueEnd.set(queue, end);
    this.trace.push({ k: 'gpu', i: this.i, queue, lists, start, end, submitCall: submit, submission: submit });
    return { start, end };
  }

  /** queue->Signal(fence, value): completes when the queue reaches it. */
  signal(queue: number, fence: number, value: bigint): void {
    this.call('ID3D12CommandQueue::Signal', queue, { pFence: fence, Value: Number(value) });
    const at = this.queueEnd.get(queue) ?? this.t;
    this.trace.push({ k: 'fence', i: this.i, fence, value, t: this.t, kind: 'signal-gpu', queue });
    this.pending.push({ t: Math.max(at, this.t), fence, value, queue });
    this.pending.sort((a, b) => a.t - b.t);
  }

  /** SetEventOnCompletion + WaitForSingleObject: the CPU blocks until the fence reaches `value` or times out. */
  waitFor(fence: number, value: bigint, timeoutNs = Infinity): void {
    this.call('ID3D12Fence::SetEventOnCompletion', fence, { Value: Number(value), hEvent: 0x100 });
    const due = this.pending.find((p) => p.fence === fence && p.value >= value);
    const i = this.call('WaitForSingleObject', 0, { hHandle: 0x100, dwMilliseconds: Number.isFinite(timeoutNs) ? timeoutNs / 1e6 : 0xffffffff }, null);
    const waitCall = this.lastCall!;
    const start = this.t;
    const wake = due ? Math.max(due.t, start) : start;
    const timedOut = wake - start > timeoutNs;
    const end = timedOut ? start + timeoutNs : wake;
    this.t = end;
    while (this.pending.length && this.pending[0].t <= this.t) {
      const p = this.pending.shift()!;
      this.trace.push({ k: 'fence', i, fence: p.fence, value: p.value, t: p.t, kind: 'completed', queue: p.queue });
    }
    this.trace.push({ k: 'wait', i, start, end, timedOut, deadlock: false, event: 0x100 });
    waitCall.hr = timedOut ? 'WAIT_TIMEOUT' : 'WAIT_OBJECT_0';
  }

  descriptor(heap: number, index: number, view: string, res: number): void {
    this.call(`ID3D12Device::Create${view}`, 1, { pResource: res, DestDescriptor: { heap, index } }, null);
    this.trace.push({ k: 'descriptor', i: this.i, heap, index, view, res });
  }
}

export interface SmallTraceIds {
  device: number; queue: number; list: number; fence: number; upload: number; texture: number; heap: number;
  aliasA: number; aliasB: number; srvHeap: number;
}

/**
 * A lesson-sized story: upload a texture, forget one barrier (INVALID_SUBRESOURCE_STATE), fix it, alias two
 * placed resources in one heap with an aliasing barrier, wait on a fence (once with a timeout).
 */
export function smallTrace(): { trace: Trace; ids: SmallTraceIds } {
  const b = new TraceBuilder();
  b.call('D3D12CreateDevice', 0, { MinimumFeatureLevel: 'D3D_FEATURE_LEVEL_11_0' });
  const device = b.object('ID3D12Device', null, 0);
  b.call('ID3D12Device::CreateCommandQueue', device, { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' });
  const queue = b.object('ID3D12CommandQueue', 'direct queue', device);
  b.call('ID3D12Device::CreateCommandList', device, { type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' });
  const list = b.object('ID3D12GraphicsCommandList', 'main list', device);
  b.call('ID3D12Device::CreateFence', device, { InitialValue: 0 });
  const fence = b.object('ID3D12Fence', 'frame fence', device);
  const upload = b.committed('upload', HEAP.UPLOAD, 64 * KiB, S.GENERIC_READ);
  const texture = b.committed('texture', HEAP.DEFAULT, 64 * KiB, S.COPY_DEST, 2);
  b.call('ID3D12Resource::Map', upload, { Subresource: 0 });
  b.trace.push({ k: 'map', i: b.i, res: upload, sub: 0, unmap: false });
  b.call('ID3D12Resource::Unmap', upload, { Subresource: 0 }, null);
  b.trace.push({ k: 'map', i: b.i, res: upload, sub: 0, unmap: true });
  b.marker(list, 'begin', 'upload texture');
  b.call('ID3D12GraphicsCommandList::CopyTextureRegion', list, { Dst: { Resource: texture }, Src: { Resource: upload } }, null);
  b.marker(list, 'end');
  b.call('ID3D12GraphicsCommandList::Close', list);
  b.execute(queue, [list], 500_000);
  b.signal(queue, fence, 1n);
  b.waitFor(fence, 1n);
  // the forgotten barrier: the texture is sampled while still in COPY_DEST
  b.call('ID3D12GraphicsCommandList::Reset', list);
  b.call('ID3D12GraphicsCommandList::DrawInstanced', list, { VertexCountPerInstance: 3 }, null);
  b.call('ID3D12GraphicsCommandList::Close', list);
  b.execute(queue, [list], 500_000);
  b.message('INVALID_SUBRESOURCE_STATE', { op: 'DrawInstanced', resource: texture, subresource: 0, state: 'D3D12_RESOURCE_STATE_COPY_DEST', expected: 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE' });
  b.signal(queue, fence, 2n);
  b.waitFor(fence, 2n, 100_000); // a timeout: the GPU needs longer than 0.1 ms
  b.waitFor(fence, 2n);
  // the fix
  b.call('ID3D12GraphicsCommandList::Reset', list);
  b.transition(list, queue, texture, S.COPY_DEST, S.PSR, 0);
  b.transition(list, queue, texture, S.COPY_DEST, S.PSR, 1);
  b.call('ID3D12GraphicsCommandList::DrawInstanced', list, { VertexCountPerInstance: 3 }, null);
  b.call('ID3D12GraphicsCommandList::Close', list);
  b.execute(queue, [list], 500_000);
  b.signal(queue, fence, 3n);
  // transients aliasing one 128 KiB heap
  const heap = b.heap('transient heap', HEAP.DEFAULT, 128 * KiB);
  const aliasA = b.placed('gbuffer A', heap, HEAP.DEFAULT, 0, 64 * KiB, S.RT);
  const aliasB = b.placed('blur temp B', heap, HEAP.DEFAULT, 0, 96 * KiB, S.COMMON);
  b.call('ID3D12Device::CreateDescriptorHeap', device, { Type: 'D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV', NumDescriptors: 4, Flags: 'D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE' });
  const srvHeap = b.object('ID3D12DescriptorHeap', 'srv heap', device);
  b.descriptor(srvHeap, 0, 'ShaderResourceView', texture);
  b.descriptor(srvHeap, 1, 'UnorderedAccessView', aliasB);
  b.call('ID3D12GraphicsCommandList::Reset', list);
  b.aliasing(list, aliasA, aliasB);
  b.call('ID3D12GraphicsCommandList::Dispatch', list, { X: 8, Y: 8, Z: 1 }, null);
  b.call('ID3D12GraphicsCommandList::Close', list);
  b.execute(queue, [list], 400_000);
  // COMMON promotes to UNORDERED_ACCESS on first use and decays back after the list completes
  b.implicit(aliasB, S.COMMON, S.UAV, 'promotion', queue);
  b.signal(queue, fence, 4n);
  b.waitFor(fence, 4n);
  b.implicit(aliasB, S.UAV, S.COMMON, 'decay', queue);
  b.call('ID3D12GraphicsCommandList::ResourceBarrier', list, { NumBarriers: 0 }, null);
  b.message('RESOURCE_BARRIER_ZERO_BARRIERS');
  b.release(aliasA);
  return { trace: b.trace, ids: { device, queue, list, fence, upload, texture, heap, aliasA, aliasB, srvHeap } };
}

/** A deterministic trace of at least `events` events: frames of uploads, copies, draws, transients, fences. */
export function syntheticTrace(events: number): Trace {
  const b = new TraceBuilder();
  b.call('D3D12CreateDevice', 0, null);
  const device = b.object('ID3D12Device', null, 0);
  b.call('ID3D12Device::CreateCommandQueue', device, { Type: 'D3D12_COMMAND_LIST_TYPE_DIRECT' });
  const direct = b.object('ID3D12CommandQueue', 'direct queue', device);
  b.call('ID3D12Device::CreateCommandQueue', device, { Type: 'D3D12_COMMAND_LIST_TYPE_COPY' });
  const copyQ = b.object('ID3D12CommandQueue', 'copy queue', device);
  b.call('ID3D12Device::CreateCommandList', device, null);
  const list = b.object('ID3D12GraphicsCommandList', 'frame list', device);
  b.call('ID3D12Device::CreateCommandList', device, null);
  const copyList = b.object('ID3D12GraphicsCommandList', 'copy list', device);
  b.call('ID3D12Device::CreateFence', device, null);
  const fence = b.object('ID3D12Fence', 'frame fence', device);
  b.call('ID3D12Device::CreateDescriptorHeap', device, { Type: 'D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV', NumDescriptors: 64, Flags: 'D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE' });
  const srvHeap = b.object('ID3D12DescriptorHeap', 'srv heap', device);
  const backBuffers = [0, 1, 2].map((k) => b.committed(`back buffer ${k}`, HEAP.DEFAULT, 1024 * KiB, S.COMMON));
  const uploads = [0, 1, 2].map((k) => b.committed(`upload ring ${k}`, HEAP.UPLOAD, 256 * KiB, S.GENERIC_READ));
  const heap = b.heap('transient heap', HEAP.DEFAULT, 4096 * KiB);
  const FRAMES = 3;
  let value = 0n;
  const textures: number[] = [];
  for (let frame = 0; b.trace.length < events; frame++) {
    const slot = frame % FRAMES;
    if (value >= BigInt(FRAMES)) b.waitFor(fence, value - BigInt(FRAMES - 1), frame % 97 === 13 ? 200_000 : Infinity);
    // a new texture every 8 frames, released 24 frames later (lifetimes on the heap timeline)
    if (frame % 8 === 0) {
      const tex = b.committed(`texture ${frame / 8}`, HEAP.DEFAULT, 256 * KiB * (1 + (frame % 3)), S.COPY_DEST, 4);
      b.descriptor(srvHeap, (frame / 8) % 64, 'ShaderResourceView', tex);
      textures.push(tex);
      if (textures.length > 3) b.release(textures.shift()!);
    }
    const up = uploads[slot];
    b.call('ID3D12Resource::Map', up, { Subresource: 0 });
    b.trace.push({ k: 'map', i: b.i, res: up, sub: 0, unmap: false });
    b.call('ID3D12Resource::Unmap', up, { Subresource: 0 }, null);
    b.trace.push({ k: 'map', i: b.i, res: up, sub: 0, unmap: true });
    const tex = textures[textures.length - 1];
    b.call('ID3D12GraphicsCommandList::Reset', copyList);
    for (let m = 0; m < 4; m++) b.call('ID3D12GraphicsCommandList::CopyTextureRegion', copyList, { Dst: { Resource: tex, SubresourceIndex: m }, Src: { Resource: up } }, null);
    b.call('ID3D12GraphicsCommandList::Close', copyList);
    b.execute(copyQ, [copyList], 150_000);
    // transients: two placed resources alias the heap's first 2 MiB each frame
    const a = b.placed(`transient A ${frame}`, heap, HEAP.DEFAULT, 0, 2048 * KiB, S.RT);
    const c = b.placed(`transient B ${frame}`, heap, HEAP.DEFAULT, 1024 * KiB, 2048 * KiB, S.COMMON);
    b.call('ID3D12GraphicsCommandList::Reset', list);
    b.marker(list, 'begin', `frame ${frame}`);
    const bb = backBuffers[slot];
    b.transition(list, direct, bb, S.COMMON, S.RT);
    for (let m = 0; m < 4; m++) b.transition(list, direct, tex, S.COPY_DEST, S.PSR, m);
    b.marker(list, 'begin', 'g-buffer');
    b.call('ID3D12GraphicsCommandList::DrawInstanced', list, { VertexCountPerInstance: 3 }, null);
    b.marker(list, 'end');
    b.aliasing(list, a, c);
    b.implicit(c, S.COMMON, S.UAV, 'promotion', direct);
    b.call('ID3D12GraphicsCommandList::Dispatch', list, { X: 8, Y: 8, Z: 1 }, null);
    for (let m = 0; m < 4; m++) b.transition(list, direct, tex, S.PSR, S.COPY_DEST, m);
    b.transition(list, direct, bb, S.RT, S.COMMON);
    b.marker(list, 'end');
    b.call('ID3D12GraphicsCommandList::Close', list);
    b.execute(direct, [list], 1_500_000 + (frame % 5) * 200_000);
    if (frame % 50 === 7) b.message('RESOURCE_BARRIER_DUPLICATE_SUBRESOURCE_TRANSITIONS', { resource: tex, subresource: 0 });
    if (frame % 211 === 100) b.message('INVALID_SUBRESOURCE_STATE', { op: 'DrawInstanced', resource: tex, subresource: 1, state: 'D3D12_RESOURCE_STATE_COPY_DEST', expected: 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE' });
    value++;
    b.signal(direct, fence, value);
    b.call('IDXGISwapChain3::Present', 0, { SyncInterval: 1 });
    b.implicit(c, S.UAV, S.COMMON, 'decay', direct);
    b.release(a, { heap, offset: 0, size: 2048 * KiB });
    b.release(c, { heap, offset: 1024 * KiB, size: 2048 * KiB });
  }
  return b.trace;
}
