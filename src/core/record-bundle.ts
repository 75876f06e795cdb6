// Bundles ([BUNDLE-*] in SPEC.md §6.1): command lists of type D3D12_COMMAND_LIST_TYPE_BUNDLE, the methods a bundle
// may not record, and ID3D12GraphicsCommandList::ExecuteBundle on a DIRECT list. A bundle records state commands as
// any list does; its draws are only checked where a direct list executes it, because "bundles inherit all state from
// the parent command list on which ExecuteBundle is called, except the pipeline state object and primitive topology"
// and "all of the state that is set in a bundle will affect the state of the parent command list" (ExecuteBundle
// page; vkd3d-proton test_bundle_state_inheritance asserts the native results). ExecuteBundle replays the bundle's
// commands into the parent's stream with the merged state, so ExecuteCommandLists validation, the trace and the
// WebGPU executor see the bundle's draws inline where the parent executes it (no command op of its own).

import type { ID3D12GraphicsCommandList } from './commandlist';
import type { Command, DrawState } from './commands';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { GraphicsState } from './recording';
import { drawState } from './record-draw';
import { noteDataStaticTable } from './record-first-use';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC,
} from './enums';

/**
 * [BUNDLE-API-1] The methods a bundle may not record ("Creating and recording command lists and bundles", Bundle
 * restrictions): any Clear, any Copy, DiscardResource, ExecuteBundle, ResourceBarrier, ResolveSubresource,
 * SetPredication, BeginQuery, EndQuery, SOSetTargets, OMSetRenderTargets, RSSetViewports, RSSetScissorRects.
 */
const NOT_IN_BUNDLE = new Set([
  'ClearRenderTargetView',
  'ClearDepthStencilView',
  'ClearUnorderedAccessViewUint',
  'ClearUnorderedAccessViewFloat',
  'CopyBufferRegion',
  'CopyTextureRegion',
  'CopyResource',
  'CopyTiles',
  'DiscardResource',
  'ExecuteBundle',
  'ResourceBarrier',
  'ResolveSubresource',
  'SetPredication',
  'BeginQuery',
  'EndQuery',
  'SOSetTargets',
  'OMSetRenderTargets',
  'RSSetViewports',
  'RSSetScissorRects',
]);

/**
 * [BUNDLE-API-1] A method a bundle may not record: "the runtime will drop the call" and the debug layer reports
 * INVALID_BUNDLE_API; the call is a runtime validation failure, so the bundle's Close returns E_INVALIDARG (INF,
 * as ExecuteBundle's own runtime checks). Returns true when the call was refused.
 */
export function refusedInBundle(list: ID3D12GraphicsCommandList, method: string): boolean {
  if (list.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE || !NOT_IN_BUNDLE.has(method)) return false;
  list.fail('INVALID_BUNDLE_API', { list: list.id, method });
  list.sys.hazard('api-not-supported-on-list-type', list.id, { method, listType: list.type, outcome: 'ignored' });
  return true;
}

/**
 * [BUNDLE-DRAW-1] A draw recorded into a bundle: only what the bundle cannot inherit is checked here (the pipeline
 * state and the primitive topology); the rest waits for ExecuteBundle. The command keeps the bundle's own state.
 */
export function bundleDraw(list: ID3D12GraphicsCommandList, op: 'DrawInstanced' | 'DrawIndexedInstanced'): DrawState {
  const gs = list.gs;
  if (!gs.pso) list.device.msg('COMMAND_LIST_PIPELINE_STATE_NOT_SET', { list: list.id, op });
  else if (!gs.topology)
    // "the debug layer says that the primitive topology is undefined" (vkd3d-proton test_bundle_state_inheritance)
    list.device.msg('PRIMITIVE_TOPOLOGY_MISMATCH_PIPELINE_STATE', { list: list.id, topology: 0 });
  return {
    pso: gs.pso,
    rootSignature: gs.rootSig,
    rtvs: [],
    dsv: null,
    viewports: [],
    scissors: [],
    topology: gs.topology,
    vbs: gs.vbs.slice(),
    ib: gs.ib,
    tables: new Map(gs.tables),
    constants: new Map(gs.constants),
    tableReads: [],
    uses: [],
  };
}

/** [BUNDLE-HEAPS-1] Every heap the bundle set must be the caller's heap of its type (the same object). */
function heapsMatch(bundle: readonly ID3D12DescriptorHeap[], caller: readonly ID3D12DescriptorHeap[]): boolean {
  return bundle.every((h) => !h || caller.includes(h));
}

/**
 * [BUNDLE-EXEC-1] ExecuteBundle: the callee must be a bundle and the caller a DIRECT list (EXECUTE_BUNDLE_TYPE), the
 * bundle closed (EXECUTE_BUNDLE_OPEN_BUNDLE): otherwise "the runtime will silently drop the call" and Close returns
 * E_INVALIDARG; the debug layer "will issue a warning in the same cases". A bundle's allocator reset since its Close
 * is COMMAND_ALLOCATOR_RESET_BUNDLE (INF: the header's name for the check the page describes); its commands are gone.
 */
export function recordExecuteBundle(
  list: ID3D12GraphicsCommandList,
  args: { CommandList: ID3D12GraphicsCommandList },
): void {
  const c = list.rec('ID3D12GraphicsCommandList::ExecuteBundle', args);
  if (!c) return;
  const b = args.CommandList;
  if (!b || b.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE || list.type !== D3D12_COMMAND_LIST_TYPE_DIRECT) {
    list.fail('EXECUTE_BUNDLE_TYPE', { list: list.id, bundle: b ? b.id : 0, bundleType: b ? b.type : -1 });
  } else if (b.recording) {
    list.fail('EXECUTE_BUNDLE_OPEN_BUNDLE', { list: list.id, bundle: b.id });
  } else if (b.allocator.generation !== b.allocatorGeneration) {
    list.device.msg('COMMAND_ALLOCATOR_RESET_BUNDLE', { bundle: b.id, allocator: b.allocator.id });
    list.sys.hazard('command-memory-reused', b.allocator.id, { allocator: b.allocator.id, bundle: b.id });
  } else {
    if (b.destroyed) list.device.msg('USE_OF_ZERO_REFCOUNT_OBJECT', { object: b.id });
    list.bundlesExecuted.push({ bundle: b, generation: b.allocatorGeneration });
    replayBundle(list, b);
  }
  list.sys.endCall(c, null);
}

/**
 * [BUNDLE-INHERIT-1] Replay a bundle's commands into the parent's stream: the bundle starts with the parent's state
 * except the pipeline state (the bundle's initial state, or none) and the topology (undefined); each draw is checked
 * with the merged state ([DRAW-1], [BUNDLE-STATIC-1]) and records its uses on the parent ([ST-REC-2]); what the
 * bundle set stays set on the parent afterwards.
 */
function replayBundle(list: ID3D12GraphicsCommandList, b: ID3D12GraphicsCommandList): void {
  const parent = list.gs;
  const ws: GraphicsState = {
    ...parent,
    pso: null,
    topology: 0,
    tables: new Map(parent.tables),
    constants: new Map(parent.constants),
    vbs: parent.vbs.slice(),
  };
  let setPso = false;
  let setTopology = false;
  /** Root parameters the bundle set itself (inherited static tables are [BUNDLE-STATIC-1]). */
  const own = new Set<number>();
  const out = list.commands;
  const api = list.recApi;
  for (const cmd of b.recordedCommands()) {
    switch (cmd.op) {
      case 'SetPipelineState':
        ws.pso = cmd.pso;
        setPso = true;
        out.push(cmd);
        break;
      case 'IASetPrimitiveTopology':
        ws.topology = cmd.topology;
        setTopology = true;
        out.push(cmd);
        break;
      case 'SetGraphicsRootSignature':
        // "if the bundle sets the root signature to be different ... all prior root signature bindings are stale"
        if (ws.rootSig !== cmd.rootSignature) {
          ws.tables = new Map();
          own.clear();
        }
        ws.rootSig = cmd.rootSignature;
        out.push(cmd);
        break;
      case 'SetDescriptorHeaps':
        // [BUNDLE-HEAPS-1] "the bundle descriptor heaps must match the calling command list descriptor heap"
        if (!heapsMatch(cmd.heaps, parent.heaps))
          list.device.msg('EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH', { list: list.id, bundle: b.id });
        break;
      case 'SetGraphicsRootDescriptorTable':
        ws.tables.set(cmd.RootParameterIndex, { heap: cmd.heap, index: cmd.index, recordChecked: false });
        noteDataStaticTable(list, ws.rootSig, cmd.RootParameterIndex, cmd.heap, cmd.index); // [ST-REC-4]
        own.add(cmd.RootParameterIndex);
        out.push(cmd);
        break;
      case 'SetGraphicsRoot32BitConstants':
        ws.constants.set(cmd.RootParameterIndex, cmd.values);
        own.add(cmd.RootParameterIndex);
        out.push(cmd);
        break;
      case 'SetGraphicsRootConstantBufferView':
        own.add(cmd.RootParameterIndex);
        out.push(cmd);
        break;
      case 'IASetVertexBuffers':
        cmd.views.forEach((v, k) => {
          if (v) ws.vbs[k] = v;
        });
        out.push({ op: 'IASetVertexBuffers', StartSlot: cmd.StartSlot, views: ws.vbs.slice() });
        break;
      case 'IASetIndexBuffer':
        ws.ib = cmd.view;
        out.push(cmd);
        break;
      case 'DrawInstanced':
      case 'DrawIndexedInstanced': {
        list.recApi = `ID3D12GraphicsCommandList::${cmd.op}`;
        staticInherited(list, b, ws, own);
        const state = drawState(list, ws, cmd.op === 'DrawIndexedInstanced');
        out.push({ ...cmd, ...state } as Command);
        break;
      }
      default:
        // compute bindings and dispatches, PIX markers: as the bundle recorded them ([BUNDLE-INHERIT-1] limits)
        out.push(cmd);
    }
  }
  list.recApi = api;
  list.gs = {
    ...ws,
    heaps: parent.heaps,
    pso: setPso ? ws.pso : parent.pso,
    topology: setTopology ? ws.topology : parent.topology,
  };
}

/**
 * [BUNDLE-STATIC-1] A bundle's draw that reads a descriptor table it inherited, whose ranges are static descriptors
 * or DATA_STATIC (root signature 1.1): "it is required for Static Descriptors and Data Static Descriptors to be set in
 * the bundle and not inherited in" (EXECUTE_BUNDLE_STATIC_DESCRIPTOR_DATA_STATIC_NOT_SET, reported by ExecuteBundle).
 */
function staticInherited(
  list: ID3D12GraphicsCommandList,
  b: ID3D12GraphicsCommandList,
  ws: GraphicsState,
  own: ReadonlySet<number>,
): void {
  if (!ws.pso || !ws.rootSig) return;
  for (const pi of ws.pso.usedTableParams()) {
    if (own.has(pi) || !ws.tables.has(pi)) continue;
    const p = ws.rootSig.params[pi];
    if (
      p &&
      p.ranges.some((r) => !r.descriptorsVolatile || (r.flags & D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC) !== 0)
    ) {
      list.device.msg('EXECUTE_BUNDLE_STATIC_DESCRIPTOR_DATA_STATIC_NOT_SET', {
        list: list.id,
        bundle: b.id,
        rootParameterIndex: pi,
      });
      return;
    }
  }
}

/**
 * [BUNDLE-EXEC-1] The allocator check again "when the parent command list is executed on a command queue": a bundle
 * whose allocator was reset after the parent recorded it (the parent's commands point into that memory).
 */
export function bundleAllocatorsAtExecute(list: ID3D12GraphicsCommandList): void {
  for (const x of list.bundlesExecuted)
    if (x.bundle.allocator.generation !== x.generation) {
      list.device.msg('COMMAND_ALLOCATOR_RESET_BUNDLE', { bundle: x.bundle.id, allocator: x.bundle.allocator.id });
      list.sys.hazard('command-memory-reused', x.bundle.allocator.id, { allocator: x.bundle.allocator.id });
    }
}
