// Rule tests, continued (see rules.test.ts): lists, allocators, queues, fences, time; descriptors, pipeline,
// swap chain, trace.
import { describe, expect, it } from 'vitest';
import * as D from './index';
import { world } from './rules.world';

describe('lists, allocators, queues, fences, time', () => {
  it('[CL-ALLOC-2] resetting an allocator a list records into: COMMAND_ALLOCATOR_CANNOT_RESET, E_FAIL', () => {
    const w = world();
    expect(w.alloc.Reset()).toBe('E_FAIL');
    expect(w.ids()).toEqual(['COMMAND_ALLOCATOR_CANNOT_RESET']);
  });
  it('[CL-ALLOC-3] resetting an allocator before the GPU finished: COMMAND_ALLOCATOR_SYNC; after a fence wait: silent', () => {
    const w = world();
    w.submit();
    expect(w.alloc.Reset()).toBe('S_OK');
    expect(w.ids()).toEqual(['COMMAND_ALLOCATOR_SYNC']);
    const v = world();
    v.submit();
    v.queue.Signal({ Fence: v.fence, Value: 1 });
    const ev = v.sys.CreateEvent({});
    v.fence.SetEventOnCompletion({ Value: 1, hEvent: ev });
    expect(v.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE })).toBe('WAIT_OBJECT_0');
    expect(v.alloc.Reset()).toBe('S_OK');
    expect(v.ids()).toEqual([]);
  });
  it('[TIME-CPU-2] Sleep lets modelled CPU time pass while the GPU runs: a list shorter than the sleep is done after it, so a Reset then is silent', () => {
    const w = world({ gpuMsPerList: 3 });
    w.submit();
    const t0 = w.sys.now;
    w.sys.Sleep({ dwMilliseconds: 4 });
    expect(w.sys.now - t0).toBeGreaterThanOrEqual(4e6);
    expect(w.alloc.Reset()).toBe('S_OK');
    expect(w.ids()).toEqual([]);
    const v = world({ gpuMsPerList: 5 });
    v.submit();
    v.sys.Sleep({ dwMilliseconds: 4 });
    expect(v.alloc.Reset()).toBe('S_OK');
    expect(v.ids()).toEqual(['COMMAND_ALLOCATOR_SYNC']);
  });
  it('[CL-RESET-1] resetting an open list is COMMAND_LIST_OPEN (E_FAIL); any free allocator of the same type works', () => {
    const w = world();
    expect(w.list.Reset({ Allocator: w.alloc })).toBe('E_FAIL');
    w.list.Close();
    const other = w.dev.CreateCommandAllocator({ type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    expect(w.list.Reset({ Allocator: other })).toBe('S_OK');
    expect(w.ids()).toEqual(['COMMAND_LIST_OPEN']);
  });
  it('[CL-REC-1] recording into a closed list: COMMAND_LIST_CLOSED, the command is dropped', () => {
    const w = world();
    w.list.Close();
    w.list.CopyBufferRegion({
      DstBuffer: w.buffer(1, 0).out!,
      DstOffset: 0,
      SrcBuffer: w.upload(),
      SrcOffset: 0,
      NumBytes: 4,
    });
    expect(w.ids()).toContain('COMMAND_LIST_CLOSED');
    expect(w.list.recordedCommands().length).toBe(0);
  });
  it('[ECL-2] an open list: EXECUTECOMMANDLISTS_OPENCOMMANDLIST, the call is dropped, the device survives', () => {
    const w = world();
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    expect(w.ids()).toEqual(['EXECUTECOMMANDLISTS_OPENCOMMANDLIST']);
    expect(w.dev.removed).toBe(false);
  });
  it('[TIME-GPU-1] work completes only as modelled GPU time passes', () => {
    const w = world({ gpuMsPerList: 5 });
    w.submit();
    w.queue.Signal({ Fence: w.fence, Value: 1 });
    expect(w.fence.GetCompletedValue()).toBe(0n);
    w.sys.advance(2);
    expect(w.fence.GetCompletedValue()).toBe(0n);
    w.sys.advance(4);
    expect(w.fence.GetCompletedValue()).toBe(1n);
  });
  it('[SYNC-WAIT-1] a wait on a value never signalled times out (no hang); INFINITE reports a deadlock', () => {
    const w = world();
    const ev = w.sys.CreateEvent({});
    w.fence.SetEventOnCompletion({ Value: 5, hEvent: ev });
    const t0 = w.sys.now;
    expect(w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: 100 })).toBe('WAIT_TIMEOUT');
    expect(w.sys.now - t0).toBeGreaterThanOrEqual(100e6);
    expect(w.sys.WaitForSingleObject({ hHandle: ev, dwMilliseconds: D.INFINITE })).toBe('WAIT_TIMEOUT');
    expect(w.sys.trace.events.some((e) => e.k === 'wait' && e.deadlock)).toBe(true);
  });
  it('[FENCE-3] a queue Wait orders work across queues', () => {
    const w = world();
    const q2 = w.dev.CreateCommandQueue({ Type: D.D3D12_COMMAND_LIST_TYPE_DIRECT }).out!;
    const f2 = w.dev.CreateFence({ InitialValue: 0 }).out!;
    q2.Wait({ Fence: w.fence, Value: 1 });
    q2.Signal({ Fence: f2, Value: 7 });
    w.sys.idle();
    expect(f2.GetCompletedValue()).toBe(0n);
    w.fence.Signal({ Value: 1 });
    w.sys.idle();
    expect(f2.GetCompletedValue()).toBe(7n);
  });
  it('[DEV-TDR-1] a list running longer than 2 s: device hung, fences read UINT64_MAX', () => {
    const w = world({ gpuMsPerList: 3000 });
    w.submit();
    w.queue.Signal({ Fence: w.fence, Value: 1 });
    w.sys.idle();
    expect(w.dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
    expect(w.fence.GetCompletedValue()).toBe(D.UINT64_MAX);
  });
  it('[OBJ-REL-2] releasing a resource in flight: OBJECT_DELETED_WHILE_STILL_IN_USE, then a page fault with DRED output', () => {
    const sys0 = new D.D3D12System();
    const s = sys0.D3D12GetDebugInterface({ riid: 'ID3D12DeviceRemovedExtendedDataSettings' })
      .out as D.ID3D12DeviceRemovedExtendedDataSettings;
    s.SetAutoBreadcrumbsEnablement({ Enablement: D.D3D12_DRED_ENABLEMENT_FORCED_ON });
    s.SetPageFaultEnablement({ Enablement: D.D3D12_DRED_ENABLEMENT_FORCED_ON });
    sys0.debugLayerEnabled = true;
    const dev = sys0.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    const q = dev.CreateCommandQueue({ Type: 0 }).out!;
    const a = dev.CreateCommandAllocator({ type: 0 }).out!;
    const l = dev.CreateCommandList({ type: 0, CommandAllocator: a }).out!;
    const mk = (heap: number, st: number) =>
      dev.CreateCommittedResource({
        HeapProperties: { Type: heap },
        Desc: {
          Dimension: 1,
          Width: 4096,
          Height: 1,
          DepthOrArraySize: 1,
          MipLevels: 1,
          SampleDesc: { Count: 1, Quality: 0 },
          Layout: 1,
        },
        InitialResourceState: st,
      }).out!;
    const up = mk(D.D3D12_HEAP_TYPE_UPLOAD, D.D3D12_RESOURCE_STATE_GENERIC_READ);
    up.SetName({ Name: 'staging' });
    const dst = mk(D.D3D12_HEAP_TYPE_DEFAULT, 0);
    l.CopyBufferRegion({ DstBuffer: dst, DstOffset: 0, SrcBuffer: up, SrcOffset: 0, NumBytes: 64 });
    l.Close();
    q.ExecuteCommandLists({ CommandLists: [l] });
    up.Release();
    expect(sys0.messages.map((m) => m.id)).toEqual(['OBJECT_DELETED_WHILE_STILL_IN_USE']);
    sys0.idle();
    expect(dev.GetDeviceRemovedReason()).toBe('DXGI_ERROR_DEVICE_HUNG');
    const dred = dev.QueryInterface({ riid: 'ID3D12DeviceRemovedExtendedData' })
      .out as D.ID3D12DeviceRemovedExtendedData;
    expect(dred.GetPageFaultAllocationOutput().out!.HeadRecentFreedAllocationNode[0].ObjectName).toBe('staging');
    expect(dred.GetAutoBreadcrumbsOutput().out!.HeadAutoBreadcrumbNode[0].CommandHistory).toEqual(['COPYBUFFERREGION']);
  });
  it('[DBG-ON-2] EnableDebugLayer after device creation removes the device', () => {
    const sys = new D.D3D12System();
    const dev = sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_11_0 }).out!;
    (sys.D3D12GetDebugInterface({}).out as D.ID3D12Debug).EnableDebugLayer();
    expect(dev.removed).toBe(true);
    expect(sys.messages).toEqual([]);
  });
  it('[DEV-CREATE-1] a minimum feature level above the adapter: DXGI_ERROR_UNSUPPORTED', () => {
    const sys = new D.D3D12System();
    expect(sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_12_2 }).hr).toBe('DXGI_ERROR_UNSUPPORTED');
    expect(sys.D3D12CreateDevice({ MinimumFeatureLevel: D.D3D_FEATURE_LEVEL_9_1 }).hr).toBe('E_INVALIDARG');
  });
});

describe('descriptors, pipeline, swap chain, trace', () => {
  it('[DH-CREATE-1] an RTV heap with SHADER_VISIBLE is E_INVALIDARG; [DH-GPU-1] its GPU handle is NULL', () => {
    const w = world();
    expect(w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2, Flags: 1 }).hr).toBe(
      'E_INVALIDARG',
    );
    const h = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 2 }).out!;
    expect(h.GetGPUDescriptorHandleForHeapStart().ptr).toBe(0);
    expect(w.ids()).toEqual(['CREATE_DESCRIPTOR_HEAP_INVALID_DESC', 'DESCRIPTOR_HEAP_NOT_SHADER_VISIBLE']);
  });
  it('[DH-INC-1] a hard-coded increment lands on another slot or on nothing', () => {
    const w = world({ adapter: 1 });
    const h = w.dev.CreateDescriptorHeap({ Type: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV, NumDescriptors: 4 }).out!;
    const inc = w.dev.GetDescriptorHandleIncrementSize({ DescriptorHeapType: D.D3D12_DESCRIPTOR_HEAP_TYPE_RTV });
    const t = w.tex(0, { Flags: D.D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET }).out!;
    w.dev.CreateRenderTargetView({ Resource: t, DestDescriptor: { ptr: h.cpuBase + inc + 1 } });
    expect(w.ids()).toEqual(['INVALID_DESCRIPTOR_HANDLE']);
  });
  it('[RS-CREATE-1] [ADAPTER-1] a 1.1 root signature on the default adapter (null): S_OK, HighestVersion 1.1', () => {
    const w = world();
    const blob = w.sys.D3D12SerializeVersionedRootSignature({
      RootSignature: { Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1, Desc_1_1: { NumParameters: 0, Flags: 1 } },
    }).out!;
    expect(w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).hr).toBe('S_OK');
    expect(
      w.dev.CheckFeatureSupport({
        Feature: D.D3D12_FEATURE_ROOT_SIGNATURE,
        FeatureSupportData: { HighestVersion: D.D3D_ROOT_SIGNATURE_VERSION_1_1 },
      }).out!.HighestVersion,
    ).toBe(D.D3D_ROOT_SIGNATURE_VERSION_1_1);
    expect(w.ids()).toEqual([]);
  });
  it('[RS-CREATE-1] [ADAPTER-4] a 1.1 root signature on a pre-WDDM 2.1 driver (1.0 only): CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE', () => {
    const w = world({ adapter: 0, adapters: [D.legacyDriverAdapter(), ...D.defaultAdapters().slice(1)] });
    const blob = w.sys.D3D12SerializeVersionedRootSignature({
      RootSignature: { Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1, Desc_1_1: { NumParameters: 0, Flags: 1 } },
    }).out!;
    expect(w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE']);
    expect(w.sys.D3D12SerializeRootSignature({ RootSignature: {}, Version: D.D3D_ROOT_SIGNATURE_VERSION_1_1 }).hr).toBe(
      'E_INVALIDARG',
    );
  });
  it('[PSO-3] a VS input the layout does not provide: CREATEINPUTLAYOUT_MISSINGELEMENT', () => {
    const w = world({ adapter: 1 });
    const blob = w.sys.D3D12SerializeRootSignature({
      RootSignature: { Flags: D.D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT },
      Version: 1,
    }).out!;
    const rs = w.dev.CreateRootSignature({ BlobWithRootSignature: blob }).out!;
    const desc = (sem: string) => ({
      RootSignature: rs,
      VS: { BytecodeLength: 100, Reflection: { Inputs: [{ SemanticName: 'POSITION' }, { SemanticName: 'COLOR' }] } },
      PS: { BytecodeLength: 100 },
      InputLayout: {
        NumElements: 2,
        InputElementDescs: [
          { SemanticName: 'POSITION', Format: D.DXGI_FORMAT_R32G32B32_FLOAT },
          { SemanticName: sem, Format: D.DXGI_FORMAT_R32G32B32A32_FLOAT, AlignedByteOffset: 12 },
        ],
      },
      PrimitiveTopologyType: D.D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE,
      NumRenderTargets: 1,
      RTVFormats: [D.DXGI_FORMAT_R8G8B8A8_UNORM],
      SampleDesc: { Count: 1 },
    });
    expect(w.dev.CreateGraphicsPipelineState({ Desc: desc('COLOUR') }).hr).toBe('E_INVALIDARG');
    expect(w.ids()).toEqual(['CREATEINPUTLAYOUT_MISSINGELEMENT']);
    expect(w.dev.CreateGraphicsPipelineState({ Desc: desc('COLOR') }).hr).toBe('S_OK');
  });
  it('[SC-PRESENT-1] presenting a back buffer in RENDER_TARGET: INVALID_SUBRESOURCE_STATE at Present; [SC-RESIZE-1] resize with references fails', () => {
    const w = world();
    const f = w.sys.CreateDXGIFactory2({}).out;
    const sc = f.CreateSwapChainForComposition({
      Device: w.queue,
      Desc: {
        Width: 64,
        Height: 64,
        Format: D.DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc: { Count: 1, Quality: 0 },
        BufferCount: 2,
        SwapEffect: D.DXGI_SWAP_EFFECT_FLIP_DISCARD,
        Scaling: D.DXGI_SCALING_STRETCH,
      },
    }).out!;
    const bb = sc.GetBuffer({ Buffer: 0 }).out!;
    w.barrier(bb, D.D3D12_RESOURCE_STATE_PRESENT, D.D3D12_RESOURCE_STATE_RENDER_TARGET);
    w.submit();
    expect(sc.Present({ SyncInterval: 1 })).toBe('S_OK');
    expect(w.ids()).toEqual(['INVALID_SUBRESOURCE_STATE']);
    expect(sc.GetCurrentBackBufferIndex()).toBe(1);
    w.sys.idle();
    expect(sc.ResizeBuffers({ BufferCount: 2, Width: 128, Height: 128, NewFormat: 0 })).toBe('DXGI_ERROR_INVALID_CALL');
    bb.Release();
    expect(sc.ResizeBuffers({ BufferCount: 2, Width: 128, Height: 128, NewFormat: 0 })).toBe('S_OK');
    expect(sc.GetCurrentBackBufferIndex()).toBe(0);
  });
  it('[TR-SNAP-1] the state at any call index is rebuilt from the trace', () => {
    const w = world();
    const t = w.tex(D.D3D12_RESOURCE_STATE_COPY_DEST).out!;
    w.barrier(t, D.D3D12_RESOURCE_STATE_COPY_DEST, D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    w.list.Close();
    const before = w.sys.callIndex;
    w.queue.ExecuteCommandLists({ CommandLists: [w.list] });
    const ix = D.indexTrace(w.sys.trace);
    expect(D.stateAt(ix, before).resourceStates.get(t.id)![0]).toBe(D.D3D12_RESOURCE_STATE_COPY_DEST);
    expect(D.stateAt(ix, w.sys.callIndex).resourceStates.get(t.id)![0]).toBe(
      D.D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE,
    );
    const chrome = D.toChromeTrace(w.sys.trace);
    expect(chrome.traceEvents.length).toBeGreaterThan(5);
  });
  it('[ENUM-1] names parse and print: GENERIC_READ prints as its bits', () => {
    expect(D.parseEnum('D3D12_RESOURCE_STATES', 'D3D12_RESOURCE_STATE_GENERIC_READ')).toBe(0xac3);
    expect(
      D.parseEnum('D3D12_RESOURCE_STATES', [
        'D3D12_RESOURCE_STATE_COPY_DEST',
        'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE',
      ]),
    ).toBe(0x480);
    expect(D.enumName('D3D12_RESOURCE_STATES', 0x480)).toBe(
      'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE|D3D12_RESOURCE_STATE_COPY_DEST',
    );
    expect(D.enumName('D3D12_RESOURCE_STATES', 0)).toBe('D3D12_RESOURCE_STATE_COMMON');
    expect(D.enumName('DXGI_FORMAT', 28)).toBe('DXGI_FORMAT_R8G8B8A8_UNORM');
  });
});
