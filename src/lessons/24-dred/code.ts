// Lesson 24 — Device removed: DRED. DRED is configured before D3D12CreateDevice; the program then makes the GPU
// hang on purpose and, when a fence reads UINT64_MAX, does what a renderer does on removal: logs
// GetDeviceRemovedReason, the auto-breadcrumbs (which operation of which list the GPU completed last, which it
// never finished) and the page-fault output (a faulting address, and the freed allocation it fell into).
import {
  type D3D12System,
  type ID3D12CommandQueue,
  type ID3D12Debug,
  type ID3D12DeviceRemovedExtendedData,
  type ID3D12DeviceRemovedExtendedDataSettings,
  type ID3D12Fence,
  D3D_FEATURE_LEVEL_11_0,
  D3D12_COMMAND_LIST_TYPE_DIRECT,
  D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
  D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
  D3D12_DRED_ENABLEMENT_FORCED_ON,
  D3D12_FENCE_FLAG_NONE,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_DEFAULT,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES,
  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET,
  D3D12_RESOURCE_STATE_COMMON,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
  D3D12_RESOURCE_STATE_RENDER_TARGET,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
  DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
  type ID3D12Resource,
  UINT64_MAX,
} from '../../core';
import { ThrowIfFailed } from '../runner';
import type { LessonEnv } from '../types';

export const TimeoutMs = 5000;
/** The injected hang: one submission that takes longer than the ~2 s timeout detection. */
export const HangMs = 3000;

const Transition = (Resource: ID3D12Resource, StateBefore: number, StateAfter: number) => ({
  Type: D3D12_RESOURCE_BARRIER_TYPE_TRANSITION,
  Transition: { Resource, Subresource: D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, StateBefore, StateAfter },
});
const texture2D = (Width: number, Height: number, Flags: number) => ({
  Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  Alignment: 0,
  Width,
  Height,
  DepthOrArraySize: 1,
  MipLevels: 1,
  Format: DXGI_FORMAT_R8G8B8A8_UNORM,
  SampleDesc: { Count: 1, Quality: 0 },
  Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
  Flags,
});

/**
 * The lab's stand-in for a shader stuck in a loop: the ExecuteCommandLists inside takes HangMs of modelled GPU time
 * (the model's GPU-speed knob, turned for this one submission). Not a D3D12 call.
 */
function InjectHang(sys: D3D12System, submit: () => void) {
  const normal = sys.settings.gpuMsPerList;
  sys.settings.gpuMsPerList = HangMs;
  try {
    submit();
  } finally {
    sys.settings.gpuMsPerList = normal;
  }
}

export interface DredReport {
  reason: string;
  breadcrumbsHr: string;
  breadcrumbs: { list: string | null; queue: string | null; count: number; last: number; history: string[] }[];
  pageFaultHr: string;
  pageFaultVA: number;
  freed: (string | null)[];
  existing: (string | null)[];
}

export function main(sys: D3D12System, env: LessonEnv, out: Record<string, unknown>) {
  const bug = (id: string) => env.bugs.has(id);

  // 1. Before the device: DRED (breadcrumbs and page faults; release builds use it too) and, in debug, the layer
  const dredSettings = ThrowIfFailed(
    sys.D3D12GetDebugInterface({ riid: 'ID3D12DeviceRemovedExtendedDataSettings' }),
  ) as ID3D12DeviceRemovedExtendedDataSettings;
  dredSettings.SetAutoBreadcrumbsEnablement({ Enablement: D3D12_DRED_ENABLEMENT_FORCED_ON });
  dredSettings.SetPageFaultEnablement({ Enablement: D3D12_DRED_ENABLEMENT_FORCED_ON });
  if (env.debugLayer)
    (ThrowIfFailed(sys.D3D12GetDebugInterface({ riid: 'ID3D12Debug' })) as ID3D12Debug).EnableDebugLayer();

  const factory = ThrowIfFailed(sys.CreateDXGIFactory2({ Flags: 0 }));
  const adapter = ThrowIfFailed(
    factory.EnumAdapterByGpuPreference({ Adapter: 0, GpuPreference: DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE }),
  );
  const device = ThrowIfFailed(
    sys.D3D12CreateDevice({ Adapter: adapter, MinimumFeatureLevel: D3D_FEATURE_LEVEL_11_0 }),
  );
  const queue = ThrowIfFailed(device.CreateCommandQueue({ Type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  queue.SetName({ Name: 'directQueue' }); // names are what DRED reports
  const allocator = ThrowIfFailed(device.CreateCommandAllocator({ type: D3D12_COMMAND_LIST_TYPE_DIRECT }));
  const fence = ThrowIfFailed(device.CreateFence({ InitialValue: 0, Flags: D3D12_FENCE_FLAG_NONE }));
  const fenceEvent = sys.CreateEvent({
    lpEventAttributes: null,
    bManualReset: false,
    bInitialState: false,
    lpName: null,
  });
  let fenceValue = 0n;

  /** Signal, wait with a timeout (lesson 20); false when the fence reads UINT64_MAX: the device was removed. */
  const WaitForGpu = (q: ID3D12CommandQueue, f: ID3D12Fence): boolean => {
    const v = ++fenceValue;
    q.Signal({ Fence: f, Value: v });
    if (f.GetCompletedValue() < v) {
      f.SetEventOnCompletion({ Value: v, hEvent: fenceEvent });
      sys.WaitForSingleObject({ hHandle: fenceEvent, dwMilliseconds: TimeoutMs });
    }
    return f.GetCompletedValue() !== UINT64_MAX;
  };

  // 2. Submission 1, "uploadList": an upload buffer copied into a texture
  const texture = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: texture2D(64, 64, 0),
      InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
      OptimizedClearValue: null,
    }),
  );
  texture.SetName({ Name: 'texture' });
  const {
    Layouts: [fp],
    TotalBytes: totalBytes,
  } = device.GetCopyableFootprints({
    ResourceDesc: texture2D(64, 64, 0),
    FirstSubresource: 0,
    NumSubresources: 1,
    BaseOffset: 0,
  });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: totalBytes,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  upload.SetName({ Name: 'upload' });
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  mapped.fill(200);
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: totalBytes } });

  const uploadList = ThrowIfFailed(
    device.CreateCommandList({
      nodeMask: 0,
      type: D3D12_COMMAND_LIST_TYPE_DIRECT,
      CommandAllocator: allocator,
      InitialState: null,
    }),
  );
  uploadList.SetName({ Name: 'uploadList' });
  uploadList.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST)],
  });
  uploadList.CopyTextureRegion({
    Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    SrcBox: null,
  });
  uploadList.ResourceBarrier({
    NumBarriers: 1,
    Barriers: [Transition(texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)],
  });
  ThrowIfFailed({ hr: uploadList.Close() });
  queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [uploadList] });
  // BUG use-after-release: the upload buffer is freed while the copy that reads it is still in flight
  if (bug('use-after-release')) upload.Release();
  let alive = WaitForGpu(queue, fence);
  if (!bug('use-after-release')) upload.Release(); // the fence says the copy ran: now it may go

  // 3. Submission 2, "hangList": the deliberate fault, a submission that never finishes (TDR after ~2 s)
  if (alive) {
    const target = ThrowIfFailed(
      device.CreateCommittedResource({
        HeapProperties: { Type: D3D12_HEAP_TYPE_DEFAULT },
        HeapFlags: D3D12_HEAP_FLAG_NONE,
        Desc: texture2D(64, 64, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
        InitialResourceState: D3D12_RESOURCE_STATE_COMMON,
        OptimizedClearValue: { Format: DXGI_FORMAT_R8G8B8A8_UNORM, Color: [0, 0, 0, 1] },
      }),
    );
    target.SetName({ Name: 'target' });
    const rtvHeap = ThrowIfFailed(
      device.CreateDescriptorHeap({
        Type: D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
        NumDescriptors: 1,
        Flags: D3D12_DESCRIPTOR_HEAP_FLAG_NONE,
      }),
    );
    const rtv = rtvHeap.GetCPUDescriptorHandleForHeapStart();
    device.CreateRenderTargetView({ Resource: target, Desc: null, DestDescriptor: rtv });
    ThrowIfFailed({ hr: allocator.Reset() });
    const hangList = ThrowIfFailed(
      device.CreateCommandList({
        nodeMask: 0,
        type: D3D12_COMMAND_LIST_TYPE_DIRECT,
        CommandAllocator: allocator,
        InitialState: null,
      }),
    );
    hangList.SetName({ Name: 'hangList' });
    hangList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET)],
    });
    hangList.ClearRenderTargetView({ RenderTargetView: rtv, ColorRGBA: [0, 0, 0, 1], NumRects: 0, Rects: null });
    hangList.ResourceBarrier({
      NumBarriers: 1,
      Barriers: [Transition(target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COMMON)],
    });
    ThrowIfFailed({ hr: hangList.Close() });
    InjectHang(sys, () => queue.ExecuteCommandLists({ NumCommandLists: 1, CommandLists: [hangList] }));
    alive = WaitForGpu(queue, fence); // the wait ends: the fence jumps to UINT64_MAX at the removal
  }

  // 4. On removal: the reason, then DRED
  if (!alive) {
    const reason = device.GetDeviceRemovedReason();
    const dred = ThrowIfFailed(
      device.QueryInterface({ riid: 'ID3D12DeviceRemovedExtendedData' }),
    ) as ID3D12DeviceRemovedExtendedData;
    const crumbs = dred.GetAutoBreadcrumbsOutput();
    const fault = dred.GetPageFaultAllocationOutput();
    const report: DredReport = {
      reason,
      breadcrumbsHr: crumbs.hr,
      breadcrumbs: (crumbs.out?.HeadAutoBreadcrumbNode ?? []).map((n) => ({
        list: n.CommandListDebugName,
        queue: n.CommandQueueDebugName,
        count: n.BreadcrumbCount,
        last: n.LastBreadcrumbValue,
        history: n.CommandHistory,
      })),
      pageFaultHr: fault.hr,
      pageFaultVA: fault.out?.PageFaultVA ?? 0,
      freed: (fault.out?.HeadRecentFreedAllocationNode ?? []).map((a) => a.ObjectName),
      existing: (fault.out?.HeadExistingAllocationNode ?? []).map((a) => a.ObjectName),
    };
    out.dred = report;
  }
  out.removed = !alive;
}
