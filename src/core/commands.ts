// The recorded command stream: what a command list accepted, as a discriminated union on `op` (the D3D12
// method name). ExecuteCommandLists validation (queue.ts, submission.ts), GPU completion (copybytes.ts), DRED
// and the WebGPU executor all read it through exhaustive `switch (cmd.op)`, so a new command is a type error
// everywhere it must be handled. Commands hold the model's objects (they are the model's work, not trace data).

import type { ID3D12Resource } from './resource';
import type { EnhancedInfo } from './enhanced-layouts';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type { ID3D12QueryHeap } from './query-heap';
import type { D3D12_BOX, D3D12_RECT, D3D12_TEXTURE_COPY_LOCATION, D3D12_VIEWPORT } from './structs';
import { D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE } from './enums';

/** One barrier as recorded (normalised). */
export interface RecordedBarrier {
  /** D3D12_RESOURCE_BARRIER_TYPE */
  Type: number;
  Flags: number;
  res: ID3D12Resource | null;
  sub: number;
  before: number;
  after: number;
  /** Checked against the list's own known state at record time (so ECL does not check it again). */
  checked: boolean;
  /** The record-time check found a wrong StateBefore (RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH already reported). */
  mismatch?: boolean;
  /** Subresources the record-time check could not see (only these are checked at ECL); absent = all of them. */
  uncheckedSubs?: number[];
  aliasBefore: ID3D12Resource | null;
  /** Set for ID3D12GraphicsCommandList7::Barrier: the sync, access and layouts ([EB-REC-1]); ECL applies it by them. */
  enh?: EnhancedInfo;
}

/** One resource use a command makes (what ECL validates and promotes). */
export interface Use {
  res: ID3D12Resource;
  /** -1 = every subresource */
  sub: number;
  state: number;
  write: boolean;
  /** Full initialisation of the subresource (clear / discard / full copy) for aliasing rules. */
  init: boolean;
  /** Byte range of a buffer the command touches (for the tiles of reserved buffers, [TILE-2]); absent = all. */
  range?: [number, number];
  /** [ST-REC-2] The list knew the state at record time and checked the use there (ECL does not check it again). */
  checked?: boolean;
}

/** A render-target or depth-stencil view as bound: the descriptor's resource, subresource and format. */
export interface RTVBinding {
  res: ID3D12Resource | null;
  sub: number;
  format: number;
  heap: number;
  index: number;
}

export interface VertexBufferBinding {
  BufferLocation: number;
  SizeInBytes: number;
  StrideInBytes: number;
  /** The buffer the view's GPU address falls in (views name memory, not objects). */
  res: ID3D12Resource | null;
}
export interface IndexBufferBinding {
  BufferLocation: number;
  SizeInBytes: number;
  Format: number;
  res: ID3D12Resource | null;
}

/** A descriptor table set on a list: the heap and slot its GPU handle resolved to. */
export interface TableBinding {
  heap: ID3D12DescriptorHeap;
  index: number;
  /** Every static SRV of the table had a state the list knew, and was checked when the table was set. */
  recordChecked: boolean;
}

/** A descriptor a draw reads through a table ([GBV-1], [DH-FREE-1]). */
export interface TableRead {
  heap: ID3D12DescriptorHeap;
  index: number;
  /** the state an SRV needs (0 for CBV / UAV / sampler slots) */
  state: number;
  /** the CPU validated it (static-data range); GPU-based validation checks the others */
  cpuChecked: boolean;
  /** a CBV / UAV / sampler slot: read by the GPU, not state-checked */
  other?: boolean;
}

/** A copy location as recorded: validated, so it names a resource. */
export type RecordedCopyLocation = D3D12_TEXTURE_COPY_LOCATION & { Resource: ID3D12Resource };

export interface DrawInstancedArgs {
  VertexCountPerInstance: number;
  InstanceCount: number;
  StartVertexLocation: number;
  StartInstanceLocation: number;
}
export interface DrawIndexedInstancedArgs {
  IndexCountPerInstance: number;
  InstanceCount: number;
  StartIndexLocation: number;
  BaseVertexLocation: number;
  StartInstanceLocation: number;
}

/** The graphics state a draw ran with (captured when it was recorded). */
export interface DrawState {
  pso: ID3D12PipelineState | null;
  rootSignature: ID3D12RootSignature | null;
  rtvs: RTVBinding[];
  dsv: RTVBinding | null;
  viewports: D3D12_VIEWPORT[];
  scissors: D3D12_RECT[];
  /** D3D_PRIMITIVE_TOPOLOGY */
  topology: number;
  vbs: VertexBufferBinding[];
  ib: IndexBufferBinding | null;
  tables: ReadonlyMap<number, TableBinding>;
  constants: ReadonlyMap<number, number[]>;
  tableReads: TableRead[];
  uses: Use[];
}

export type Command =
  | { op: 'ResourceBarrier'; barriers: readonly RecordedBarrier[] }
  | {
      op: 'CopyBufferRegion';
      dst: ID3D12Resource;
      DstOffset: number;
      src: ID3D12Resource;
      SrcOffset: number;
      NumBytes: number;
      /** [ST-REC-2] uses checked at record time: bit 0 the destination, bit 1 the source */
      checked?: number;
    }
  | {
      op: 'CopyTextureRegion';
      dst: RecordedCopyLocation;
      src: RecordedCopyLocation;
      DstX: number;
      DstY: number;
      DstZ: number;
      SrcBox: D3D12_BOX | null;
      uses: Use[];
    }
  | { op: 'CopyResource'; dst: ID3D12Resource; src: ID3D12Resource; uses: Use[] }
  | { op: 'DiscardResource'; res: ID3D12Resource; uses: Use[] }
  | { op: 'ClearRenderTargetView'; rtv: RTVBinding; ColorRGBA: number[]; Rects: D3D12_RECT[] | null; uses: Use[] }
  | { op: 'ClearDepthStencilView'; dsv: RTVBinding; ClearFlags: number; Depth: number; Stencil: number; uses: Use[] }
  | { op: 'OMSetRenderTargets'; rtvs: RTVBinding[]; dsv: RTVBinding | null }
  | { op: 'RSSetViewports'; viewports: D3D12_VIEWPORT[] }
  | { op: 'RSSetScissorRects'; rects: D3D12_RECT[] }
  | { op: 'SetGraphicsRootSignature'; rootSignature: ID3D12RootSignature | null }
  | { op: 'SetPipelineState'; pso: ID3D12PipelineState }
  | { op: 'SetDescriptorHeaps'; heaps: ID3D12DescriptorHeap[] }
  | { op: 'SetGraphicsRootDescriptorTable'; RootParameterIndex: number; heap: ID3D12DescriptorHeap; index: number }
  | { op: 'SetGraphicsRoot32BitConstants'; RootParameterIndex: number; values: number[]; offset: number }
  | {
      op: 'SetGraphicsRootConstantBufferView';
      RootParameterIndex: number;
      BufferLocation: number;
      res: ID3D12Resource | null;
    }
  | { op: 'IASetPrimitiveTopology'; topology: number }
  | { op: 'IASetVertexBuffers'; StartSlot: number; views: VertexBufferBinding[] }
  | { op: 'IASetIndexBuffer'; view: IndexBufferBinding | null }
  | ({ op: 'DrawInstanced'; args: DrawInstancedArgs } & DrawState)
  | ({ op: 'DrawIndexedInstanced'; args: DrawIndexedInstancedArgs } & DrawState)
  | { op: 'BeginEvent'; name: string }
  | { op: 'EndEvent' }
  | { op: 'SetMarker'; name: string }
  | {
      // [CS-DISPATCH-1] a compute dispatch with the pipeline and root signature it ran with
      op: 'Dispatch';
      pso: ID3D12PipelineState | null;
      rootSignature: ID3D12RootSignature | null;
      x: number;
      y: number;
      z: number;
      uses: Use[];
      // [CS-EXEC-1] the compute root arguments as they were at the Dispatch (what the executor binds)
      tables: ReadonlyMap<number, { heap: ID3D12DescriptorHeap; index: number }>;
      views: ReadonlyMap<number, { kind: 'CBV' | 'SRV' | 'UAV'; va: number; res: ID3D12Resource | null }>;
      constants: ReadonlyMap<number, number[]>;
      /** [CS-UAV-2] resources this dispatch touches that an earlier dispatch of the list wrote with no UAV barrier since */
      uavRaces: readonly ID3D12Resource[];
    }
  // queries and resolves (issue 9 §3; record-queries.ts, record-resolve.ts)
  | { op: 'BeginQuery'; heap: ID3D12QueryHeap; type: number; index: number }
  | {
      // [Q-VALUE-1] the result of a non-timestamp query, worked out at record time from the work between its Begin and
      // End (null for a timestamp, read from the GPU timeline when the execution completes)
      op: 'EndQuery';
      heap: ID3D12QueryHeap;
      type: number;
      index: number;
      values: bigint[] | null;
    }
  | {
      op: 'ResolveQueryData';
      heap: ID3D12QueryHeap;
      type: number;
      start: number;
      count: number;
      dst: ID3D12Resource;
      offset: number;
      uses: Use[];
    }
  | ({ op: 'ResolveSubresource' } & ResolveArgs)
  | ({ op: 'ResolveSubresourceRegion' } & ResolveArgs);

/** What a resolve recorded (ResolveSubresourceRegion adds the destination point, the source rect and the mode). */
export interface ResolveArgs {
  dst: ID3D12Resource;
  dstSub: number;
  src: ID3D12Resource;
  srcSub: number;
  format: number;
  dstX: number;
  dstY: number;
  rect: D3D12_RECT | null;
  mode: number;
  uses: Use[];
}

export type CommandOp = Command['op'];
export type CommandOf<K extends CommandOp> = Extract<Command, { op: K }>;

/**
 * A one-barrier ResourceBarrier is recorded as a single object that is both the command and its barrier
 * (`barriers` holds itself): one object per call on the recording hot path ([TR-PERF-1]).
 */
export type SingleBarrierCommand = CommandOf<'ResourceBarrier'> & RecordedBarrier;

/** The end of an exhaustive switch: a command op no case handles is a type error here. */
export function unhandled(cmd: never): never {
  throw new Error(`model invariant: unhandled command ${(cmd as { op?: unknown }).op}`);
}

/**
 * The resource uses of a recorded command (what ExecuteCommandLists validates and promotes). Most commands carry
 * them as `uses`; CopyBufferRegion (the recording hot path) derives them from its fields on demand.
 */
export function commandUses(cmd: Command): readonly Use[] | undefined {
  switch (cmd.op) {
    case 'CopyBufferRegion': {
      const n = cmd.NumBytes;
      return [
        {
          res: cmd.dst,
          sub: 0,
          state: D3D12_RESOURCE_STATE_COPY_DEST,
          write: true,
          init: n === cmd.dst.desc.Width,
          range: [cmd.DstOffset, cmd.DstOffset + n],
          checked: ((cmd.checked ?? 0) & 1) !== 0,
        },
        {
          res: cmd.src,
          sub: 0,
          state: D3D12_RESOURCE_STATE_COPY_SOURCE,
          write: false,
          init: false,
          range: [cmd.SrcOffset, cmd.SrcOffset + n],
          checked: ((cmd.checked ?? 0) & 2) !== 0,
        },
      ];
    }
    case 'CopyTextureRegion':
    case 'CopyResource':
    case 'DiscardResource':
    case 'ClearRenderTargetView':
    case 'ClearDepthStencilView':
    case 'DrawInstanced':
    case 'DrawIndexedInstanced':
    case 'Dispatch':
    case 'ResolveQueryData':
    case 'ResolveSubresource':
    case 'ResolveSubresourceRegion':
      return cmd.uses;
    case 'ResourceBarrier':
    case 'OMSetRenderTargets':
    case 'RSSetViewports':
    case 'RSSetScissorRects':
    case 'SetGraphicsRootSignature':
    case 'SetPipelineState':
    case 'SetDescriptorHeaps':
    case 'SetGraphicsRootDescriptorTable':
    case 'SetGraphicsRoot32BitConstants':
    case 'SetGraphicsRootConstantBufferView':
    case 'IASetPrimitiveTopology':
    case 'IASetVertexBuffers':
    case 'IASetIndexBuffer':
    case 'BeginEvent':
    case 'EndEvent':
    case 'SetMarker':
    case 'BeginQuery':
    case 'EndQuery':
      return undefined;
    default:
      return unhandled(cmd);
  }
}

/**
 * [TR-SUBMIT-1] One accepted ExecuteCommandLists, as the model answers `submission(id)`: each list's commands as
 * they were submitted (a list reset and re-recorded later does not change them) and, once the modelled GPU ran
 * it, the bytes of the CPU-visible buffers it read ([TR-READS-1]).
 */
export interface Submission {
  readonly id: number;
  readonly queue: number;
  /** call index of the ExecuteCommandLists */
  readonly call: number;
  readonly lists: readonly number[];
  readonly commands: readonly (readonly Command[])[];
  /** buffer id -> bytes as the GPU read them; null until it ran, or when the `keepGpuReads` setting is off */
  reads: ReadonlyMap<number, Uint8Array> | null;
}
