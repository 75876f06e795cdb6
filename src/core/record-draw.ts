// Record-time checks of what a draw depends on ([DRAW-1], [RS-TABLE-*], [ST-SRV-*]): the descriptor tables set
// on the list, and at each draw the root signature, PSO, vertex buffers, scissor and render targets bound. A draw
// records the state it ran with, its resource uses and the descriptors it reads through tables.

import { drawSampleMismatch } from './msaa';
import type { CommandOf, DrawState, TableRead, Use } from './commands';
import type { ID3D12DescriptorHeap } from './descriptors';
import type { D3D12_GPU_DESCRIPTOR_HANDLE } from './structs';
import { tableState, type GraphicsState, type RecordingContext } from './recording';
import {
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER,
  D3D12_DESCRIPTOR_RANGE_TYPE_SRV,
  D3D12_RESOURCE_STATE_DEPTH_WRITE,
  D3D12_RESOURCE_STATE_INDEX_BUFFER,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER,
  D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE,
} from './enums';

/** [DH-SET-1] SetDescriptorHeaps: only shader-visible heaps, at most one per type (SET_DESCRIPTOR_HEAP_INVALID). */
export function descriptorHeapsValid(ctx: RecordingContext, heaps: readonly ID3D12DescriptorHeap[]): boolean {
  const types = new Set<number>();
  let ok = true;
  for (const h of heaps) {
    if (
      !h ||
      !(h.flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) ||
      (h.type !== D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && h.type !== D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) ||
      types.has(h.type)
    ) {
      ctx.device.msg('SET_DESCRIPTOR_HEAP_INVALID', { heap: h ? h.id : 0 });
      ctx.sys.hazard('descriptor-heap-not-visible', h ? h.id : 0, {});
      ok = false;
    } else types.add(h.type);
  }
  return ok;
}

/**
 * [RS-TABLE-1] SetGraphicsRootDescriptorTable: the handle must lie in a heap set with SetDescriptorHeaps
 * (SET_DESCRIPTOR_TABLE_INVALID); [RS-TABLE-2] descriptors of static ranges (root signature 1.1 without
 * DESCRIPTORS_VOLATILE) must be initialised when the table is set (INVALID_DESCRIPTOR_HANDLE).
 */
/**
 * [DT-TYPE-1] A descriptor table reads one heap type: SAMPLER ranges a SAMPLER heap, CBV/SRV/UAV ranges a
 * CBV_SRV_UAV heap (a root signature may not mix them in one table). A base handle in the other heap is
 * SET_DESCRIPTOR_TABLE_INVALID (the handle "is not the correct type" for the table; message INF).
 */
function wrongHeapType(ranges: readonly { RangeType: number }[], heapType: number): boolean {
  if (ranges.length === 0) return false;
  const sampler = ranges[0].RangeType === D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER;
  return sampler !== (heapType === D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
}

export function setTableCommand(
  ctx: RecordingContext,
  gs: GraphicsState,
  args: { RootParameterIndex: number; BaseDescriptor: D3D12_GPU_DESCRIPTOR_HANDLE },
): CommandOf<'SetGraphicsRootDescriptorTable'> | null {
  const rs = gs.rootSig;
  const p = rs?.params[args.RootParameterIndex];
  const loc = ctx.device.address.resolveGpu(args.BaseDescriptor?.ptr ?? 0);
  if (
    !rs ||
    !p ||
    p.ParameterType !== D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ||
    !loc ||
    !gs.heaps.includes(loc.heap) ||
    wrongHeapType(p.ranges, loc.heap.type)
  ) {
    // [DT-TYPE-1] a handle into a heap of the other type (a SAMPLER heap for a CBV/SRV/UAV table, or the reverse)
    if (loc && p && wrongHeapType(p.ranges, loc.heap.type))
      ctx.sys.hazard('descriptor-wrong-heap-type', 0, {
        heap: loc.heap.id,
        rootParameterIndex: args.RootParameterIndex,
      });
    ctx.device.msg('SET_DESCRIPTOR_TABLE_INVALID', {
      rootParameterIndex: args.RootParameterIndex,
      ptr: args.BaseDescriptor?.ptr ?? 0,
    });
  } else {
    // [ST-SRV-2] static-data SRVs whose state this list already knows are validated here, at bind
    const need = tableState(p.ShaderVisibility);
    let allKnown = true;
    for (const range of p.ranges) {
      if (range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV || !range.dataStaticAtExecute) continue;
      for (let k = 0; k < range.NumDescriptors && k < 256; k++) {
        const content = loc.heap.slots[loc.index + range.offset + k];
        const r = content?.resource;
        if (!r) continue;
        for (const s of content.subs) {
          const known = r.fixedState >= 0 ? r.fixedState : ctx.knownState(r, s);
          if (known < 0) {
            allKnown = false;
            continue;
          }
          if ((known & need) !== need) {
            ctx.device.msg('INVALID_SUBRESOURCE_STATE', {
              op: 'SetGraphicsRootDescriptorTable',
              resource: r.id,
              subresource: s,
              state: known,
              expected: need,
            });
            ctx.sys.hazard('invalid-state', r.id, {
              op: 'SetGraphicsRootDescriptorTable',
              subresource: s,
              state: known,
              expected: need,
              outcome: 'black',
            });
          }
        }
      }
    }
    gs.tables.set(args.RootParameterIndex, { heap: loc.heap, index: loc.index, recordChecked: allKnown });
    for (const range of p.ranges) {
      if (range.descriptorsVolatile) continue;
      for (let k = 0; k < range.NumDescriptors && k < 4096; k++) {
        const idx = loc.index + range.offset + k;
        if (idx >= loc.heap.numDescriptors || !loc.heap.slots[idx]) {
          ctx.device.msg('INVALID_DESCRIPTOR_HANDLE', {
            heap: loc.heap.id,
            index: idx,
            rootParameterIndex: args.RootParameterIndex,
            reason: 'uninitialized-static',
          });
          break;
        }
      }
    }
    return {
      op: 'SetGraphicsRootDescriptorTable',
      RootParameterIndex: args.RootParameterIndex,
      heap: loc.heap,
      index: loc.index,
    };
  }
  return null;
}

/**
 * [DRAW-1] Draw-time checks: root signature set (COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET) and matching the PSO's
 * (..._MISMATCH); vertex buffers bound for every input slot (..._VERTEX_BUFFER_NOT_SET, warning) with a
 * large enough stride (..._STRIDE_TOO_SMALL, warning); descriptor tables set for the parameters the shaders
 * use (COMMAND_LIST_DESCRIPTOR_TABLE_NOT_SET); a non-empty scissor (DRAW_EMPTY_SCISSOR_RECTANGLE, warning:
 * scissors are empty after Reset); render-target formats matching the PSO (RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE).
 */
export function drawState(ctx: RecordingContext, gs: GraphicsState, indexed: boolean): DrawState {
  const pso = gs.pso;
  const uses: Use[] = [];
  if (!gs.rootSig) ctx.device.msg('COMMAND_LIST_DRAW_ROOT_SIGNATURE_NOT_SET', { list: ctx.id });
  else if (pso && pso.rootSignature !== gs.rootSig)
    ctx.device.msg('COMMAND_LIST_DRAW_ROOT_SIGNATURE_MISMATCH', { list: ctx.id, pso: pso.id });
  if (pso) {
    const slots = pso.inputSlots();
    for (const [slot, need] of slots) {
      const vb = gs.vbs[slot];
      if (!vb) ctx.device.msg('COMMAND_LIST_DRAW_VERTEX_BUFFER_NOT_SET', { slot });
      else if (vb.StrideInBytes < need) {
        ctx.device.msg('COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL', {
          slot,
          stride: vb.StrideInBytes,
          needed: need,
        });
      }
    }
    if (gs.rootSig) {
      for (const pi of pso.usedTableParams()) {
        if (!gs.tables.has(pi)) ctx.device.msg('COMMAND_LIST_DESCRIPTOR_TABLE_NOT_SET', { rootParameterIndex: pi });
      }
    }
    gs.rtvs.forEach((b, k) => {
      const want = pso.rtvFormats[k] ?? 0;
      if (b.res && want !== b.format)
        ctx.device.msg('RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE', {
          slot: k,
          rtvFormat: b.format,
          psoFormat: want,
        });
    });
    for (const m of drawSampleMismatch({ pso, rtvs: gs.rtvs, dsv: gs.dsv }))
      ctx.device.msg(m.id, { slot: m.slot, targetCount: m.target, psoCount: m.pso });
  }
  const sc = gs.scissors[0];
  if (!sc || sc.right <= sc.left || sc.bottom <= sc.top)
    ctx.device.msg('DRAW_EMPTY_SCISSOR_RECTANGLE', { list: ctx.id });
  for (const b of gs.rtvs) if (b.res) uses.push(ctx.use(b.res, b.sub, D3D12_RESOURCE_STATE_RENDER_TARGET, true));
  if (gs.dsv?.res) uses.push(ctx.use(gs.dsv.res, -1, D3D12_RESOURCE_STATE_DEPTH_WRITE, true));
  for (const vb of gs.vbs)
    if (vb?.res) uses.push(ctx.use(vb.res, 0, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, false));
  if (indexed && gs.ib?.res) uses.push(ctx.use(gs.ib.res, 0, D3D12_RESOURCE_STATE_INDEX_BUFFER, false));
  // [ST-SRV-1] SRVs reached through descriptor tables: validated on the CPU only for DATA_STATIC_WHILE_SET_AT_EXECUTE /
  // DATA_STATIC ranges (root signature 1.1 default); volatile ranges (and every 1.0 range) only by GPU-based validation.
  const tableReads: TableRead[] = [];
  if (gs.rootSig) {
    for (const [pi, t] of gs.tables) {
      const p = gs.rootSig.params[pi];
      if (!p) continue;
      const state = tableState(p.ShaderVisibility);
      for (const range of p.ranges) {
        if (range.RangeType !== D3D12_DESCRIPTOR_RANGE_TYPE_SRV) {
          // CBV / UAV / sampler slots: read by the GPU too ([DH-FREE-1] in-flight rewrites), not state-checked here
          for (let k = 0; k < range.NumDescriptors && k < 256; k++)
            tableReads.push({
              heap: t.heap,
              index: t.index + range.offset + k,
              state: 0,
              cpuChecked: true,
              other: true,
            });
          continue;
        }
        for (let k = 0; k < range.NumDescriptors && k < 256; k++) {
          const idx = t.index + range.offset + k;
          const content = t.heap.slots[idx];
          tableReads.push({ heap: t.heap, index: idx, state, cpuChecked: range.dataStaticAtExecute });
          if (content?.resource && range.dataStaticAtExecute && !t.recordChecked) {
            for (const s of content.subs) uses.push(ctx.use(content.resource, s, state, false));
          }
        }
      }
    }
  }
  return {
    pso,
    rootSignature: gs.rootSig,
    rtvs: gs.rtvs.slice(),
    dsv: gs.dsv,
    viewports: gs.viewports.slice(),
    scissors: gs.scissors.slice(),
    topology: gs.topology,
    vbs: gs.vbs.slice(),
    ib: gs.ib,
    tables: new Map(gs.tables),
    constants: new Map(gs.constants),
    tableReads,
    uses,
  };
}
