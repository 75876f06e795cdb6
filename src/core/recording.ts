// What the record-time checks of a command list (record-barriers.ts, record-copies.ts, record-draw.ts) see of the
// list: its identity, its device, its own view of subresource states ([ST-REC-1]), the runtime-error switch that
// makes Close fail ([CL-CLOSE-1]), and the graphics state bound so far.

import type { DeviceContext, Kernel, MessageArgs } from './kernel';
import type { MessageId } from './messages';
import type { ID3D12Resource } from './resource';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type { IndexBufferBinding, RTVBinding, TableBinding, Use, VertexBufferBinding } from './commands';
import type { D3D12_RECT, D3D12_VIEWPORT } from './structs';
import type { SplitBarriers } from './record-split';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_SHADER_VISIBILITY_ALL,
  D3D12_SHADER_VISIBILITY_PIXEL,
} from './enums';

/** [CL-TYPE-1] Methods only DIRECT lists (and bundles) may call; methods COPY lists may not call either. */
const GRAPHICS_ONLY = new Set([
  'ClearRenderTargetView',
  'ClearDepthStencilView',
  'OMSetRenderTargets',
  'RSSetViewports',
  'RSSetScissorRects',
  'IASetPrimitiveTopology',
  'IASetVertexBuffers',
  'IASetIndexBuffer',
  'DrawInstanced',
  'DrawIndexedInstanced',
  'SetGraphicsRootSignature',
  'SetGraphicsRootDescriptorTable',
  'SetGraphicsRoot32BitConstants',
  'SetGraphicsRootConstantBufferView',
  'ResolveSubresource',
  'ResolveSubresourceRegion',
]);
const COMPUTE_OR_GRAPHICS = new Set([
  'SetPipelineState',
  'SetDescriptorHeaps',
  'SetComputeRootSignature',
  'SetComputeRootDescriptorTable',
  'SetComputeRoot32BitConstants',
  'SetComputeRootConstantBufferView',
  'SetComputeRootShaderResourceView',
  'SetComputeRootUnorderedAccessView',
  'Dispatch',
]);

/**
 * [CL-TYPE-1] The message when a COMPUTE or COPY list calls a method its type does not support ("Invalid API called.
 * This method is not valid for ..."), or null.
 */
export function unsupportedOnListType(listType: number, method: string): MessageId | null {
  if (GRAPHICS_ONLY.has(method)) return 'NO_GRAPHICS_API_SUPPORT';
  return listType === D3D12_COMMAND_LIST_TYPE_COPY && COMPUTE_OR_GRAPHICS.has(method) ? 'NO_COMPUTE_API_SUPPORT' : null;
}

/**
 * [CL-TYPE-1] graphics-only methods on COMPUTE/COPY lists, pipeline/descriptor-heap methods on COPY lists: the
 * debug layer reports "Invalid API called. This method is not valid for ..." and the call is ignored. True when
 * the call was refused.
 */
export function refusedOnListType(
  list: { readonly id: number; readonly type: number; readonly device: DeviceContext; readonly sys: Kernel },
  method: string,
): boolean {
  if (list.type === D3D12_COMMAND_LIST_TYPE_DIRECT || list.type === D3D12_COMMAND_LIST_TYPE_BUNDLE) return false;
  const id = unsupportedOnListType(list.type, method);
  if (!id) return false;
  list.device.msg(id, { list: list.id, listType: list.type, method });
  list.sys.hazard('api-not-supported-on-list-type', list.id, { method, listType: list.type, outcome: 'ignored' });
  return true;
}

export interface RecordingContext {
  readonly id: number;
  /** D3D12_COMMAND_LIST_TYPE */
  readonly type: number;
  readonly device: DeviceContext;
  readonly sys: Kernel;
  /** A runtime error while recording: the message, and Close will return E_INVALIDARG. */
  fail(id: MessageId, args: MessageArgs): void;
  /** The list's own view of a resource's subresource states (-1: not known yet), created on first use. */
  localStates(r: ID3D12Resource): Int32Array;
  /** The state the list knows a subresource is in, or -1. */
  knownState(r: ID3D12Resource, sub: number): number;
  /** [BAR-SPLIT-*] Split barriers begun and not yet ended on this recording. */
  readonly splits: SplitBarriers;
  /** The method being recorded, without its interface (messages name it). */
  readonly recOp: string;
  /** A resource use of a recorded command, noted for [ST-REC-1]. */
  use(res: ID3D12Resource, sub: number, state: number, write: boolean, init?: boolean): Use;
}

/** The graphics state set on a list since its last Reset (what a draw records). */
export interface GraphicsState {
  pso: ID3D12PipelineState | null;
  rootSig: ID3D12RootSignature | null;
  heaps: ID3D12DescriptorHeap[];
  tables: Map<number, TableBinding>;
  rtvs: RTVBinding[];
  dsv: RTVBinding | null;
  viewports: D3D12_VIEWPORT[];
  scissors: D3D12_RECT[];
  topology: number;
  vbs: VertexBufferBinding[];
  ib: IndexBufferBinding | null;
  constants: Map<number, number[]>;
}

export function freshGraphicsState(): GraphicsState {
  return {
    pso: null,
    rootSig: null,
    heaps: [],
    tables: new Map(),
    rtvs: [],
    dsv: null,
    viewports: [],
    scissors: [],
    topology: 0,
    vbs: [],
    ib: null,
    constants: new Map(),
  };
}

/** [ST-SRV-1] The state an SRV table needs: PIXEL for the pixel stage, NON_PIXEL for others, both for ALL. */
export function tableState(visibility: number): number {
  return visibility === D3D12_SHADER_VISIBILITY_PIXEL
    ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE
    : visibility === D3D12_SHADER_VISIBILITY_ALL
      ? D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE
      : D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
}
