// ID3D12Device creation of the command objects and descriptor heaps: CreateCommandQueue, CreateCommandAllocator,
// CreateCommandList, CreateFence ([Q-CREATE-1], [CL-CREATE-1], [FENCE-1]), CreateDescriptorHeap ([DH-CREATE-1]) and
// the descriptor views.
// Separate from device.ts, whose methods of the same names delegate here; resources are created in resource-create.ts.

import type { HRESULT } from './messages';
import type { ID3D12Device } from './device';
import {
  D3D12_COMMAND_LIST_TYPE_BUNDLE,
  D3D12_COMMAND_LIST_TYPE_COMPUTE,
  D3D12_COMMAND_LIST_TYPE_COPY,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT,
  D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE,
  D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV,
  D3D12_DESCRIPTOR_HEAP_TYPE_DSV,
  D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER,
  D3D12_FENCE_FLAG_NON_MONITORED,
  D3D12_FENCE_FLAG_SHARED,
  D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER,
  UINT64_MAX,
} from './enums';
import { ID3D12CommandQueue } from './queue';
import { ID3D12Fence } from './fence';
import { ID3D12CommandAllocator } from './commandallocator';
import { ID3D12GraphicsCommandList } from './commandlist';
import { ID3D12DescriptorHeap, writeDescriptor, type ViewKind } from './descriptors';
import type { ID3D12Resource } from './resource';
import type { D3D12_CPU_DESCRIPTOR_HANDLE } from './structs';
import type { ID3D12PipelineState } from './pipeline';

const LIST_TYPES = [D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY];

/** [Q-CREATE-1] CreateCommandQueue: Type DIRECT/COMPUTE/COPY (video types are not modelled). */
export function createCommandQueue(
  device: ID3D12Device,
  args: { Type: number; Priority?: number; Flags?: number; NodeMask?: number },
): {
  hr: HRESULT;
  out?: ID3D12CommandQueue;
} {
  const c = device.begin('CreateCommandQueue', args);
  if (device.removed) return device.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
  if (!LIST_TYPES.includes(args.Type)) {
    device.msg('CREATE_QUEUE_INVALID_TYPE', { type: args.Type });
    return device.done(c, 'E_INVALIDARG');
  }
  if ((args.Flags ?? 0) & ~D3D12_COMMAND_QUEUE_FLAG_DISABLE_GPU_TIMEOUT) {
    device.msg('CREATE_QUEUE_INVALID_FLAGS', { flags: args.Flags ?? 0 });
    return device.done(c, 'E_INVALIDARG');
  }
  const q = new ID3D12CommandQueue(device, args.Type, args.Priority ?? 0, args.Flags ?? 0);
  return device.done(c, 'S_OK', q);
}

export function createCommandAllocator(
  device: ID3D12Device,
  args: { type: number },
): { hr: HRESULT; out?: ID3D12CommandAllocator } {
  const c = device.begin('CreateCommandAllocator', args);
  if (device.removed) return device.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
  if (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE)
    return device.done(c, 'E_INVALIDARG');
  return device.done(c, 'S_OK', new ID3D12CommandAllocator(device, args.type));
}

/**
 * [CL-CREATE-1] CreateCommandList: the list starts open (recording) on the allocator; the allocator must be of the
 * same type and not in use by another recording list (COMMAND_ALLOCATOR_CONTENTION, E_INVALIDARG).
 */
export function createCommandList(
  device: ID3D12Device,
  args: {
    nodeMask?: number;
    type: number;
    CommandAllocator: ID3D12CommandAllocator;
    InitialState?: ID3D12PipelineState | null;
  },
): { hr: HRESULT; out?: ID3D12GraphicsCommandList } {
  const c = device.begin('CreateCommandList', args);
  if (device.removed) return device.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
  const a = args.CommandAllocator;
  if (!a || (!LIST_TYPES.includes(args.type) && args.type !== D3D12_COMMAND_LIST_TYPE_BUNDLE))
    return device.done(c, 'E_INVALIDARG');
  if (a.type !== args.type) {
    device.msg('WRONG_COMMAND_ALLOCATOR_TYPE', { allocator: a.id, allocatorType: a.type, listType: args.type });
    return device.done(c, 'E_INVALIDARG');
  }
  if (a.recordingList) {
    device.msg('COMMAND_ALLOCATOR_CONTENTION', { allocator: a.id, list: a.recordingList.id });
    return device.done(c, 'E_INVALIDARG');
  }
  const l = new ID3D12GraphicsCommandList(device, args.type, a, args.InitialState ?? null);
  return device.done(c, 'S_OK', l);
}

/** [FENCE-1] CreateFence: a fence is one UINT64 value (it may go down); flags other than NONE/SHARED/NON_MONITORED are invalid. */
export function createFence(
  device: ID3D12Device,
  args: { InitialValue: bigint | number; Flags?: number },
): { hr: HRESULT; out?: ID3D12Fence } {
  const c = device.begin('CreateFence', args);
  if (device.removed) return device.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
  const flags = args.Flags ?? 0;
  if (flags & ~(D3D12_FENCE_FLAG_SHARED | D3D12_FENCE_FLAG_SHARED_CROSS_ADAPTER | D3D12_FENCE_FLAG_NON_MONITORED)) {
    device.msg('CREATE_FENCE_INVALID_FLAGS', { flags });
    return device.done(c, 'E_INVALIDARG');
  }
  const f = new ID3D12Fence(device, BigInt(args.InitialValue ?? 0) & UINT64_MAX, flags);
  return device.done(c, 'S_OK', f);
}

/** [DH-CREATE-1] SHADER_VISIBLE applies only to CBV_SRV_UAV and SAMPLER heaps: RTV/DSV + SHADER_VISIBLE is E_INVALIDARG. */
export function createDescriptorHeap(
  device: ID3D12Device,
  args: { Type: number; NumDescriptors: number; Flags?: number; NodeMask?: number },
): {
  hr: HRESULT;
  out?: ID3D12DescriptorHeap;
} {
  const c = device.begin('CreateDescriptorHeap', args);
  if (device.removed) return device.done(c, 'DXGI_ERROR_DEVICE_REMOVED');
  const flags = args.Flags ?? 0;
  const visible = (flags & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) !== 0;
  const t = args.Type;
  const maxVisible =
    t === D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER ? 2048 : device.facts.resourceBindingTier <= 2 ? 1_000_000 : 1_000_000;
  if (
    t < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV ||
    t > D3D12_DESCRIPTOR_HEAP_TYPE_DSV ||
    !(args.NumDescriptors > 0) ||
    (visible && t !== D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV && t !== D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) ||
    (visible && args.NumDescriptors > maxVisible) ||
    flags & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
  ) {
    device.msg('CREATE_DESCRIPTOR_HEAP_INVALID_DESC', { type: t, numDescriptors: args.NumDescriptors ?? 0, flags });
    return device.done(c, 'E_INVALIDARG');
  }
  // a heap the process cannot back (the model keeps slots in memory: beyond 2^24 descriptors it is out of memory)
  if (args.NumDescriptors > 1 << 24) return device.done(c, 'E_OUTOFMEMORY');
  const h = new ID3D12DescriptorHeap(device, t, args.NumDescriptors, flags);
  device.address.addDescriptorHeap(h);
  return device.done(c, 'S_OK', h);
}

/** The Create*View methods and CreateSampler: write the descriptor at DestDescriptor (descriptors.ts). */
export function createView(
  device: ID3D12Device,
  api: string,
  kind: ViewKind,
  args: {
    Resource?: ID3D12Resource | null;
    Desc?: unknown;
    DestDescriptor: D3D12_CPU_DESCRIPTOR_HANDLE;
    CounterResource?: ID3D12Resource | null;
  },
): void {
  const c = device.begin(api, args);
  if (!device.removed) writeDescriptor(device, kind, args.Resource ?? null, args.Desc ?? null, args.DestDescriptor);
  device.sys.endCall(c, null);
}
