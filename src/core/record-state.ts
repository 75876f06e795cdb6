// ID3D12GraphicsCommandList state setting: OMSetRenderTargets, RSSet*, the graphics pipeline and root bindings and
// IASet*, and the draws that record with that state. Each records into the list's graphics state (GraphicsState,
// recording.ts) and appends a command; the methods of commandlist.ts delegate here.

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { ID3D12PipelineState, ID3D12RootSignature } from './pipeline';
import type {
  D3D12_GPU_DESCRIPTOR_HANDLE,
  D3D12_INDEX_BUFFER_VIEW,
  D3D12_RECT,
  D3D12_VERTEX_BUFFER_VIEW,
  D3D12_VIEWPORT,
} from './structs';
import type { Command, DrawState } from './commands';
import { descriptorHeapsValid, drawState, setTableCommand } from './record-draw';
import { bundleDraw } from './record-bundle';
import { D3D12_COMMAND_LIST_TYPE_BUNDLE } from './enums';
import { renderTargets, type OMSetRenderTargetsArgs } from './record-targets';
import { noteDataStaticTable } from './record-first-use';

/** Set{Graphics,Compute}RootDescriptorTable's arguments. */
export interface SetRootDescriptorTableArgs {
  RootParameterIndex: number;
  BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE;
}

export interface SetGraphicsRoot32BitConstantsArgs {
  RootParameterIndex: number;
  Num32BitValuesToSet: number;
  SrcData: number[];
  DestOffsetIn32BitValues?: number;
}

export function recordOMSetRenderTargets(list: ID3D12GraphicsCommandList, args: OMSetRenderTargetsArgs): void {
  const c = list.rec('ID3D12GraphicsCommandList::OMSetRenderTargets', args);
  if (!c) return;
  const { rtvs, dsv } = renderTargets(list, args);
  list.gs.rtvs = rtvs;
  list.gs.dsv = dsv;
  list.commands.push({ op: 'OMSetRenderTargets', rtvs, dsv });
  list.sys.endCall(c, null);
}

export function recordRSSetViewports(
  list: ID3D12GraphicsCommandList,
  args: { NumViewports: number; Viewports: D3D12_VIEWPORT[] },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::RSSetViewports', args);
  if (!c) return;
  list.gs.viewports = (args.Viewports ?? []).slice(0, args.NumViewports ?? 0).map((v) => ({ ...v }));
  list.commands.push({ op: 'RSSetViewports', viewports: list.gs.viewports });
  list.sys.endCall(c, null);
}

export function recordRSSetScissorRects(
  list: ID3D12GraphicsCommandList,
  args: { NumRects: number; Rects: D3D12_RECT[] },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::RSSetScissorRects', args);
  if (!c) return;
  list.gs.scissors = (args.Rects ?? []).slice(0, args.NumRects ?? 0).map((r) => ({ ...r }));
  list.commands.push({ op: 'RSSetScissorRects', rects: list.gs.scissors });
  list.sys.endCall(c, null);
}

// ------------------------------------------------------------------ pipeline binding

export function recordSetGraphicsRootSignature(
  list: ID3D12GraphicsCommandList,
  args: { RootSignature: ID3D12RootSignature | null },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetGraphicsRootSignature', args);
  if (!c) return;
  if (list.gs.rootSig !== args.RootSignature) list.gs.tables = new Map();
  list.gs.rootSig = args.RootSignature;
  list.commands.push({ op: 'SetGraphicsRootSignature', rootSignature: args.RootSignature });
  list.sys.endCall(c, null);
}

export function recordSetPipelineState(
  list: ID3D12GraphicsCommandList,
  args: { PipelineState: ID3D12PipelineState },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetPipelineState', args);
  if (!c) return;
  list.gs.pso = args.PipelineState;
  list.commands.push({ op: 'SetPipelineState', pso: args.PipelineState });
  list.sys.endCall(c, null);
}

/** [DH-SET-1] SetDescriptorHeaps: only shader-visible heaps, at most one per type (SET_DESCRIPTOR_HEAP_INVALID). */
export function recordSetDescriptorHeaps(
  list: ID3D12GraphicsCommandList,
  args: { NumDescriptorHeaps: number; DescriptorHeaps: ID3D12DescriptorHeap[] },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetDescriptorHeaps', args);
  if (!c) return;
  const heaps = (args.DescriptorHeaps ?? []).slice(0, args.NumDescriptorHeaps ?? 0);
  if (descriptorHeapsValid(list, heaps)) list.gs.heaps = heaps;
  list.commands.push({ op: 'SetDescriptorHeaps', heaps });
  list.sys.endCall(c, null);
}

/** [RS-TABLE-1] SetGraphicsRootDescriptorTable: checked against the heaps set and the root signature (record-draw.ts). */
export function recordSetGraphicsRootDescriptorTable(
  list: ID3D12GraphicsCommandList,
  args: {
    RootParameterIndex: number;
    BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE;
  },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetGraphicsRootDescriptorTable', args);
  if (!c) return;
  const cmd = setTableCommand(list, list.gs, args);
  if (cmd) {
    list.commands.push(cmd);
    noteDataStaticTable(list, list.gs.rootSig, cmd.RootParameterIndex, cmd.heap, cmd.index); // [ST-REC-4]
  }
  list.sys.endCall(c, null);
}

export function recordSetGraphicsRoot32BitConstants(
  list: ID3D12GraphicsCommandList,
  args: {
    RootParameterIndex: number;
    Num32BitValuesToSet: number;
    SrcData: number[];
    DestOffsetIn32BitValues?: number;
  },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetGraphicsRoot32BitConstants', args);
  if (!c) return;
  const vals = (args.SrcData ?? []).slice(0, args.Num32BitValuesToSet ?? 0);
  list.gs.constants.set(args.RootParameterIndex, vals);
  list.commands.push({
    op: 'SetGraphicsRoot32BitConstants',
    RootParameterIndex: args.RootParameterIndex,
    values: vals,
    offset: args.DestOffsetIn32BitValues ?? 0,
  });
  list.sys.endCall(c, null);
}

export function recordSetGraphicsRootConstantBufferView(
  list: ID3D12GraphicsCommandList,
  args: { RootParameterIndex: number; BufferLocation: number },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::SetGraphicsRootConstantBufferView', args);
  if (!c) return;
  list.commands.push({
    op: 'SetGraphicsRootConstantBufferView',
    RootParameterIndex: args.RootParameterIndex,
    BufferLocation: args.BufferLocation,
    res: list.resourceAtVA(args.BufferLocation),
  });
  list.sys.endCall(c, null);
}

export function recordIASetPrimitiveTopology(
  list: ID3D12GraphicsCommandList,
  args: { PrimitiveTopology: number },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::IASetPrimitiveTopology', args);
  if (!c) return;
  list.gs.topology = args.PrimitiveTopology;
  list.commands.push({ op: 'IASetPrimitiveTopology', topology: args.PrimitiveTopology });
  list.sys.endCall(c, null);
}

export function recordIASetVertexBuffers(
  list: ID3D12GraphicsCommandList,
  args: { StartSlot: number; NumViews: number; Views: D3D12_VERTEX_BUFFER_VIEW[] | null },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::IASetVertexBuffers', args);
  if (!c) return;
  const views = (args.Views ?? []).slice(0, args.NumViews ?? 0);
  for (let k = 0; k < views.length; k++) {
    const v = views[k];
    list.gs.vbs[(args.StartSlot ?? 0) + k] = {
      BufferLocation: v.BufferLocation,
      SizeInBytes: v.SizeInBytes,
      StrideInBytes: v.StrideInBytes,
      res: list.resourceAtVA(v.BufferLocation),
    };
  }
  list.commands.push({ op: 'IASetVertexBuffers', StartSlot: args.StartSlot ?? 0, views: list.gs.vbs.slice() });
  list.sys.endCall(c, null);
}

export function recordIASetIndexBuffer(
  list: ID3D12GraphicsCommandList,
  args: { View: D3D12_INDEX_BUFFER_VIEW | null },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::IASetIndexBuffer', args);
  if (!c) return;
  list.gs.ib = args.View ? { ...args.View, res: list.resourceAtVA(args.View.BufferLocation) } : null;
  list.commands.push({ op: 'IASetIndexBuffer', view: list.gs.ib });
  list.sys.endCall(c, null);
}

/** [DRAW-1] A draw: checked against the bound state and recorded with it (record-draw.ts). */
export function recordDraw(
  list: ID3D12GraphicsCommandList,
  op: 'DrawInstanced' | 'DrawIndexedInstanced',
  args: object,
  make: (state: DrawState) => Command,
): void {
  const c = list.rec(`ID3D12GraphicsCommandList::${op}`, args);
  if (!c) return;
  const bundle = list.type === D3D12_COMMAND_LIST_TYPE_BUNDLE; // [BUNDLE-DRAW-1] checked at ExecuteBundle
  list.commands.push(make(bundle ? bundleDraw(list, op) : drawState(list, list.gs, op === 'DrawIndexedInstanced')));
  list.sys.endCall(c, null);
}
