// Lesson A5 — Render graph: a bloom chain declared as passes and the resources they read and write. From the
// declaration come each resource's lifetime (first to last pass that touches it), a heap placement in which
// resources alive at different times share bytes, and every barrier: TRANSITIONs where a pass needs another state,
// and an ALIASING barrier where a resource takes over bytes another one used. The frame is drawn twice from the
// same graph: on the left with every resource in its own bytes, on the right with the aliased placement. The two
// halves must be the same picture.
import {
  type D3D12System,
  type ID3D12DescriptorHeap,
  type ID3D12PipelineState,
  type ID3D12Resource,
  type ID3D12RootSignature,
  type CompiledGraph,
  type RGDesc,
  type RGPassDesc,
  compileGraph,
  D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_ALIASING,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_PRESENT,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';
import { createFrame, waitForGpu, type Frame } from '../common/frame';
import { CreateQuad, srvDesc } from '../14-texture-states/code';
import { PASS_SHADERS } from './shaders';
import { CreatePassPso, CreateRootSignature } from './pipelines';
import { graphTables } from './tables';

/** The transient textures: the scene at the canvas size, the bloom chain at half of it. */
export const TRANSIENTS = ['SceneColor', 'Bright', 'BlurA', 'BlurB'];

/** The bloom chain: each pass names what it reads and what it writes. Nothing else is said by hand. */
export const BLOOM_PASSES: RGPassDesc[] = [
  { name: 'Scene', writes: ['SceneColor'] },
  { name: 'BrightPass', reads: ['SceneColor'], writes: ['Bright'] },
  { name: 'BlurH', reads: ['Bright'], writes: ['BlurA'] },
  { name: 'BlurV', reads: ['BlurA'], writes: ['BlurB'] },
  { name: 'Composite', reads: ['SceneColor', 'BlurB'], writes: ['BackBuffer'] },
];

const textureDesc = (Width: number, Height: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Alignment: 0,
  Width,
  Height,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_R8G8B8A8_UNORM,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
  Flags: D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
});

/** Lifetime of each resource: the first and the last pass that reads or writes it (-1: none does). */
export function Lifetimes(graph: RGDesc) {
  const first = graph.resources.map(() => -1);
  const last = graph.resources.map(() => -1);
  graph.passes.forEach((pass, p) => {
    for (const name of [...(pass.reads ?? []), ...(pass.writes ?? [])]) {
      const r = graph.resources.findIndex((res) => res.name === name);
      if (first[r] < 0) first[r] = p;
      last[r] = p;
    }
  });
  return { first, last };
}

/**
 * The placement: resources in order of first use, each into the first slot of the heap whose occupant is dead by
 * then (and is big enough), else into a new slot at the end. Imported resources are not placed (offset -1).
 */
export function PackSlots(graph: RGDesc, life: ReturnType<typeof Lifetimes>, bug: (id: string) => boolean) {
  const offsets = graph.resources.map(() => -1);
  const slots: { offset: number; size: number; lastUse: number }[] = [];
  let heapEnd = 0;
  const order = graph.resources.map((_, r) => r).filter((r) => !graph.resources[r].imported && life.first[r] >= 0);
  order.sort((a, b) => life.first[a] - life.first[b]);
  for (const r of order) {
    const { size, alignment = 65536 } = graph.resources[r];
    // The interval test. Lifetimes [first, last] are inclusive: a resource read in pass p and another written in
    // pass p are alive together, so a slot is free only when its occupant's last use is before this first use.
    // BUG overlap-lifetimes: "<=" treats lifetimes that meet at a pass as disjoint.
    const free = (s: (typeof slots)[number]) =>
      s.size >= size && (bug('overlap-lifetimes') ? s.lastUse <= life.first[r] : s.lastUse < life.first[r]);
    let slot = slots.find(free);
    if (!slot) {
      heapEnd = Math.ceil(heapEnd / alignment) * alignment;
      slot = { offset: heapEnd, size, lastUse: -1 };
      slots.push(slot);
      heapEnd += size;
    }
    slot.lastUse = life.last[r];
    offsets[r] = slot.offset;
  }
  return offsets;
}

/** The placement without aliasing: every transient in bytes of its own, one after the other. */
export function StackAll(graph: RGDesc) {
  let end = 0;
  return graph.resources.map((res) => {
    if (res.imported) return -1;
    const at = Math.ceil(end / (res.alignment ?? 65536)) * (res.alignment ?? 65536);
    end = at + res.size;
    return at;
  });
}

interface Pipelines {
  sceneRS: ID3D12RootSignature;
  postRS: ID3D12RootSignature;
  pso: ID3D12PipelineState[];
}

/** One placement of the graph made real: a heap, the placed transients, their RTVs and the passes' SRV tables. */
interface GraphMemory {
  compiled: CompiledGraph;
  resources: ID3D12Resource[];
  rtv: { ptr: number }[];
  table: { ptr: number }[];
}

function Materialise(
  frame: Frame,
  graph: RGDesc,
  compiled: CompiledGraph,
  offsets: number[],
  run: number,
  heaps: { rtv: ID3D12DescriptorHeap; srv: ID3D12DescriptorHeap },
  label: string,
): GraphMemory {
  const { device } = frame;
  const heap = ThrowIfFailed(
    device.CreateHeap({
      SizeInBytes: compiled.heapSize,
      Properties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      Flags: D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES,
    }),
  );
  heap.SetName({ Name: `transient heap (${label})` });
  const rtvSize = device.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
  const srvSize = device.GetDescriptorHandleIncrementSize({
    DescriptorHeapType: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  });
  const rtvStart = heaps.rtv.GetCPUDescriptorHandleForHeapStart().ptr;
  const srvCpu = heaps.srv.GetCPUDescriptorHandleForHeapStart().ptr;
  const srvGpu = heaps.srv.GetGPUDescriptorHandleForHeapStart().ptr;
  const resources: ID3D12Resource[] = [];
  const rtv: { ptr: number }[] = [];
  graph.resources.forEach((res, r) => {
    if (res.imported) {
      resources[r] = frame.renderTargets[frame.frameIndex];
      rtv[r] = {
        ptr: frame.rtvHeap.GetCPUDescriptorHandleForHeapStart().ptr + frame.frameIndex * frame.rtvDescriptorSize,
      };
      return;
    }
    const half = res.name === 'SceneColor' ? 1 : 2;
    // A placed resource is created in the state of its first use; its bytes may still hold another resource's.
    resources[r] = ThrowIfFailed(
      device.CreatePlacedResource({
        Heap: heap,
        HeapOffset: offsets[r],
        Desc: textureDesc(frame.width / half, frame.height / half),
        InitialState: compiled.firstState[r],
        // every pass clears its target to black first: created with that clear value, the clear is the fast one
        OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0, 0, 0, 1] },
      }),
    );
    resources[r].SetName({ Name: `${res.name} (${label})` });
    rtv[r] = { ptr: rtvStart + (run * TRANSIENTS.length + r) * rtvSize };
    device.CreateRenderTargetView({ Resource: resources[r], Desc: null, DestDescriptor: rtv[r] });
  });
  // Each pass that samples gets a table of two SRVs (t0, t1): what it reads, the first read repeated if only one.
  const table: { ptr: number }[] = [];
  graph.passes.forEach((pass, p) => {
    if (!pass.reads?.length) return;
    const slot = (run * graph.passes.length + p) * 2;
    table[p] = { ptr: srvGpu + slot * srvSize };
    [pass.reads[0], pass.reads[1] ?? pass.reads[0]].forEach((name, k) => {
      const Resource = resources[graph.resources.findIndex((res) => res.name === name)];
      device.CreateShaderResourceView({
        Resource,
        Desc: srvDesc,
        DestDescriptor: { ptr: srvCpu + (slot + k) * srvSize },
      });
    });
  });
  return { compiled, resources, rtv, table };
}

/** The barriers the compile put before pass p (p = passes.length: after the last), as D3D12_RESOURCE_BARRIERs. */
function GraphBarriers(mem: GraphMemory, p: number, bug: (id: string) => boolean) {
  const { compiled, resources } = mem;
  const out = [];
  for (let k = compiled.barrierStart[p]; k < compiled.barrierStart[p + 1]; k++) {
    const b = compiled.barriers[k];
    if (b.Type === D3D12_RESOURCE_BARRIER_TYPE_ALIASING) {
      // BUG missing-aliasing-barrier: the new occupant's bytes are used without telling the GPU they changed hands
      if (bug('missing-aliasing-barrier')) continue;
      out.push({
        Type: b.Type,
        Aliasing: { ResourceBefore: resources[b.before!], ResourceAfter: resources[b.resource] },
      });
    } else {
      out.push({
        Type: b.Type,
        Transition: {
          Resource: resources[b.resource],
          Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
          StateBefore: b.StateBefore!,
          StateAfter: b.StateAfter!,
        },
      });
    }
  }
  return out;
}

/** Records every pass of the graph; the Composite pass draws into the back buffer's columns [x, x + w). */
function RecordGraph(
  frame: Frame,
  graph: RGDesc,
  mem: GraphMemory,
  pipes: Pipelines,
  quad: ReturnType<typeof CreateQuad>,
  x: number,
  bug: (id: string) => boolean,
) {
  const { list } = frame;
  graph.passes.forEach((pass, p) => {
    const barriers = GraphBarriers(mem, p, bug);
    if (barriers.length) list.ResourceBarrier({ NumBarriers: barriers.length, Barriers: barriers });
    const target = graph.resources.findIndex((res) => res.name === pass.writes![0]);
    const res = mem.resources[target];
    list.OMSetRenderTargets({
      NumRenderTargetDescriptors: 1,
      RenderTargetDescriptors: [mem.rtv[target]],
      RTsSingleHandleToDescriptorRange: false,
      DepthStencilDescriptor: null,
    });
    // A transient's bytes are undefined when it starts: clear it (required after an aliasing barrier).
    if (!graph.resources[target].imported)
      list.ClearRenderTargetView({
        RenderTargetView: mem.rtv[target],
        ColorRGBA: [0, 0, 0, 1],
        NumRects: 0,
        Rects: null,
      });
    const composite = graph.resources[target].imported;
    const w = composite ? frame.width / 2 : res.desc.Width;
    const h = composite ? frame.height : res.desc.Height;
    list.SetPipelineState({ PipelineState: pipes.pso[p] });
    if (mem.table[p]) {
      list.SetGraphicsRootSignature({ RootSignature: pipes.postRS });
      list.SetGraphicsRootDescriptorTable({ RootParameterIndex: 0, BaseDescriptor: mem.table[p] });
    } else list.SetGraphicsRootSignature({ RootSignature: pipes.sceneRS });
    const left = composite ? x : 0;
    list.RSSetViewports({
      NumViewports: 1,
      Viewports: [{ TopLeftX: left, TopLeftY: 0, Width: w, Height: h, MinDepth: 0, MaxDepth: 1 }],
    });
    list.RSSetScissorRects({ NumRects: 1, Rects: [{ left, top: 0, right: left + w, bottom: h }] });
    list.IASetPrimitiveTopology({ PrimitiveTopology: D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST });
    list.IASetVertexBuffers({ StartSlot: 0, NumViews: 1, Views: [quad.view] });
    list.DrawInstanced({
      VertexCountPerInstance: 6,
      InstanceCount: 1,
      StartVertexLocation: 0,
      StartInstanceLocation: 0,
    });
  });
  const after = GraphBarriers(mem, graph.passes.length, bug);
  if (after.length) list.ResourceBarrier({ NumBarriers: after.length, Barriers: after });
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);
  const frame = createFrame(sys, env); // lessons 2–4 (src/lessons/common/frame.ts)
  const { device, list, allocator } = frame;

  // 1. The graph: the transients with the bytes and alignment the device says each needs, the back buffer as an
  //    imported resource (tracked for its state, never placed), and the passes.
  const graph: RGDesc = {
    resources: [
      ...TRANSIENTS.map((name) => {
        const half = name === 'SceneColor' ? 1 : 2;
        const info = device.GetResourceAllocationInfo({
          ResourceDescs: [textureDesc(frame.width / half, frame.height / half)],
        });
        return { name, kind: 'color' as const, size: info.SizeInBytes, alignment: info.Alignment };
      }),
      {
        name: 'BackBuffer',
        kind: 'color' as const,
        size: 1,
        imported: true,
        initialState: D3D12_RESOURCE_STATE_PRESENT,
        finalState: D3D12_RESOURCE_STATE_PRESENT,
      },
    ],
    passes: BLOOM_PASSES,
  };

  // 2. Lifetimes, then two placements: aliased (slots reused once their occupant is dead) and one without aliasing.
  const life = Lifetimes(graph);
  const packed = PackSlots(graph, life, bug);
  const stacked = StackAll(graph);

  // 3. Compile: checks that no two resources alive in one pass share bytes, and derives every barrier.
  const aliased = compileGraph(graph, { offsets: packed });
  const separate = compileGraph(graph, { offsets: stacked });
  graphTables(out, graph, life, packed, stacked, aliased, bug);
  if ('error' in aliased) throw new Error(`render graph compile: ${aliased.error.message}`);
  if ('error' in separate) throw new Error(`render graph compile: ${separate.error.message}`);

  // 4. Pipelines: one PSO per pass; the scene needs no inputs, every other pass samples through a table.
  const sceneRS = CreateRootSignature(sys, device, 0);
  const postRS = CreateRootSignature(sys, device, 2);
  const pso = graph.passes.map((pass) =>
    CreatePassPso(device, pass.reads?.length ? postRS : sceneRS, PASS_SHADERS[pass.name]),
  );
  const quad = CreateQuad(device, 1);
  const heaps = {
    rtv: ThrowIfFailed(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
        NumDescriptors: 2 * TRANSIENTS.length,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
      }),
    ),
    srv: ThrowIfFailed(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
        NumDescriptors: 2 * 2 * graph.passes.length,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
      }),
    ),
  };

  // 5. Memory: a heap for each placement, the transients placed at their offsets.
  const own = Materialise(frame, graph, separate.graph, stacked, 0, heaps, 'own memory');
  const shared = Materialise(frame, graph, aliased.graph, packed, 1, heaps, 'aliased');

  // 6. One frame: the graph without aliasing on the left half, with aliasing on the right; execute, present.
  ThrowIfFailed({ hr: allocator.Reset() });
  ThrowIfFailed({ hr: list.Reset({ Allocator: allocator, InitialState: null }) });
  list.SetDescriptorHeaps({ NumDescriptorHeaps: 1, DescriptorHeaps: [heaps.srv] });
  const pipes = { sceneRS, postRS, pso };
  RecordGraph(frame, graph, own, pipes, quad, 0, bug);
  RecordGraph(frame, graph, shared, pipes, quad, frame.width / 2, bug);
  ThrowIfFailed({ hr: list.Close() });
  frame.queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [list] });
  ThrowIfFailed({ hr: frame.swapChain.Present({ SyncInterval: 1, Flags: 0 }) });
  waitForGpu(frame);

  out.heapBytes = aliased.graph.heapSize;
  out.unaliasedBytes = separate.graph.heapSize;
  out.aliasedIds = shared.resources.filter((r) => !r.swapChain).map((r) => r.id);
}
