// D3D12System: the root of the model. It owns the modelled machine (adapters), the clocks (one CPU timeline; the
// GPU engine runs one timeline per queue, engine.ts), the process-wide debug switches, the debug-layer message
// log, the trace, the submissions the trace names, and the free functions of the API (D3D12CreateDevice,
// CreateDXGIFactory2, CreateEvent, WaitForSingleObject ...). Objects see it through the Kernel interface
// (kernel.ts). Everything is deterministic: time only moves when calls are made ([TIME-CPU-1]) or waits let it pass.

import { Trace, type CallEvent } from './trace';
import { MESSAGE_DEFS, type D3D12Message, type HRESULT, type MessageId } from './messages';
import type { IUnknown } from './object';
import { TraceArgs } from './trace-args';
import type { Command, Submission } from './commands';
import {
  DEFAULT_SETTINGS,
  type AdapterFacts,
  type MessageArgs,
  type ModelSettings,
  type ProcessContext,
  type Win32Event,
} from './kernel';
import { GpuEngine } from './engine';
import { ID3D12Device } from './device';
import { IDXGIFactory4, type IDXGIAdapter1 } from './dxgi';
import { defaultAdapters } from './adapters';
import { ID3D12Debug, ID3D12DeviceRemovedExtendedDataSettings } from './debug';
import { ID3DBlob, serializeRootSignature } from './pipeline';
import { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_1_0_CORE, D3D_ROOT_SIGNATURE_VERSION_1_0, INFINITE } from './enums';

export class D3D12System implements ProcessContext {
  readonly trace = new Trace();
  private readonly objects = new Map<number, IUnknown>();
  private nextObjectId = 1;
  /** Index of the current (or last) API call; every public method call increments it. */
  callIndex = -1;
  /** Modelled CPU time in nanoseconds. */
  now = 0;
  readonly settings: ModelSettings;
  readonly adapters: AdapterFacts[];
  readonly devices: ID3D12Device[] = [];
  readonly messages: D3D12Message[] = [];
  readonly events = new Map<number, Win32Event>();
  private nextHandle = 0x100;
  /** The GPU engine: every queue's timeline, run in global time order behind the CPU. */
  readonly gpu: GpuEngine = new GpuEngine(this);
  /** Accepted submissions by id ([TR-SUBMIT-1]); kept while the trace is on (the trace's `gpu` events name them). */
  private readonly submissions = new Map<number, Submission>();
  private nextSubmission = 1;
  /** What the trace keeps of each call's arguments (trace-args.ts, [TR-ARGS-1]). */
  private readonly traceArgs = new TraceArgs();
  /** [ALIAS-1] The aliasing clock: a step per aliasing barrier and per GPU touch of a placed resource. */
  private aliasSeq = 0;

  /** Process-wide switches set through the debug interfaces (before device creation to take effect). */
  debugLayerEnabled = false;
  gpuBasedValidation = false;
  dredAutoBreadcrumbs = false;
  dredPageFault = false;

  constructor(opts: { settings?: Partial<ModelSettings>; adapters?: AdapterFacts[] } = {}) {
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.adapters = opts.adapters ? opts.adapters.slice() : defaultAdapters();
  }

  /** Add the live WebGPU adapter's facts as one more modelled adapter (returns its index). */
  addAdapter(facts: AdapterFacts): number {
    this.adapters.push(facts);
    return this.adapters.length - 1;
  }

  register(obj: IUnknown): number {
    const id = this.nextObjectId++;
    this.objects.set(id, obj);
    return id;
  }

  /** Look up a live object by id (panels, tests). */
  object(id: number): IUnknown | undefined {
    return this.objects.get(id);
  }

  // ------------------------------------------------------------------ calls, messages, hazards

  /** [TIME-CPU-1] Every API call costs CPU time; the GPU keeps running meanwhile. */
  beginCall(api: string, self: number, args: unknown): CallEvent {
    this.callIndex++;
    this.now += this.settings.cpuNsPerCall;
    const on = this.trace.enabled;
    // model objects in the recorded arguments are plain references, never the live objects (trace/refs.ts)
    const ev: CallEvent = {
      k: 'call',
      i: this.callIndex,
      t: this.now,
      api,
      self,
      args: on ? this.traceArgs.record(args) : args,
      hr: null,
    };
    if (on) this.trace.events.push(ev);
    if (this.now >= this.gpu.nextEvent) this.gpu.runUntil(this.now);
    return ev;
  }

  endCall(ev: CallEvent, hr: HRESULT | null): void {
    ev.hr = hr;
  }

  /**
   * Raise a debug-layer message. [DBG-ON-1] Only devices created while the debug layer was enabled report;
   * null means "process-wide" (follows the current switch).
   */
  emit(debugLayer: boolean | null, id: MessageId, args: MessageArgs = {}): void {
    const on = debugLayer ?? this.debugLayerEnabled;
    if (!on) return;
    const d = MESSAGE_DEFS[id];
    const msg: D3D12Message = { id, category: d.category, severity: d.severity, callIndex: this.callIndex, args };
    this.messages.push(msg);
    this.trace.push({ k: 'message', i: this.callIndex, msg });
  }

  /** Record an undefined-behaviour outcome the model decided (the executor shows it as "simulated hazard"). */
  hazard(kind: string, res: number, detail: MessageArgs = {}): void {
    this.trace.push({ k: 'hazard', i: this.callIndex, kind, res, detail });
  }

  nextAliasSeq(): number {
    return ++this.aliasSeq;
  }

  // ------------------------------------------------------------------ submissions

  /** Register an accepted ExecuteCommandLists; returns its submission. */
  addSubmission(queue: number, lists: readonly number[], commands: readonly (readonly Command[])[]): Submission {
    const s: Submission = { id: this.nextSubmission++, queue, call: this.callIndex, lists, commands, reads: null };
    if (this.trace.enabled) this.submissions.set(s.id, s);
    return s;
  }

  /** [TR-SUBMIT-1] What a submission ran: its commands as submitted and the bytes it read (undefined: unknown id). */
  submission(id: number): Submission | undefined {
    return this.submissions.get(id);
  }

  // ------------------------------------------------------------------ modelled time

  /** Advance modelled time (the scenario's `@gpu.advance`). */
  advance(ms: number): void {
    const c = this.beginCall('@gpu.advance', 0, { ms });
    this.now += Math.max(0, ms) * 1e6;
    this.gpu.runUntil(this.now);
    this.endCall(c, null);
  }

  /** Let the GPU finish all submitted work it can (the scenario's `@gpu.idle`). */
  idle(): void {
    const c = this.beginCall('@gpu.idle', 0, null);
    this.gpu.drain();
    this.endCall(c, null);
  }

  // ------------------------------------------------------------------ free functions

  /** D3D12GetDebugInterface: ID3D12Debug (EnableDebugLayer, SetEnableGPUBasedValidation) or the DRED settings. */
  D3D12GetDebugInterface(args: { riid?: string }): {
    hr: HRESULT;
    out?: ID3D12Debug | ID3D12DeviceRemovedExtendedDataSettings;
  } {
    const riid = args.riid ?? 'ID3D12Debug';
    const c = this.beginCall('D3D12GetDebugInterface', 0, args);
    let out: ID3D12Debug | ID3D12DeviceRemovedExtendedDataSettings | undefined;
    if (riid === 'ID3D12DeviceRemovedExtendedDataSettings' || riid === 'ID3D12DeviceRemovedExtendedDataSettings1')
      out = new ID3D12DeviceRemovedExtendedDataSettings(this);
    else if (/^ID3D12Debug\d?$/.test(riid)) out = new ID3D12Debug(this);
    const hr: HRESULT = out ? 'S_OK' : 'E_NOINTERFACE';
    this.endCall(c, hr);
    return out ? { hr, out } : { hr };
  }

  CreateDXGIFactory2(args: { Flags?: number } = {}): { hr: HRESULT; out: IDXGIFactory4 } {
    const c = this.beginCall('CreateDXGIFactory2', 0, args);
    const f = new IDXGIFactory4(this, args.Flags ?? 0);
    this.endCall(c, 'S_OK');
    return { hr: 'S_OK', out: f };
  }

  /**
   * [DEV-CREATE-1] D3D12CreateDevice on an adapter (null: adapter 0, the integrated GPU, as DXGI enumerates the
   * primary adapter first). MinimumFeatureLevel below 11_0 (other than 1_0_CORE) is E_INVALIDARG; an adapter
   * whose maximum level is lower fails with DXGI_ERROR_UNSUPPORTED (the "DirectX 12 is not supported" path).
   */
  D3D12CreateDevice(args: { Adapter?: IDXGIAdapter1 | null; MinimumFeatureLevel: number }): {
    hr: HRESULT;
    out?: ID3D12Device;
  } {
    const c = this.beginCall('D3D12CreateDevice', 0, args);
    const adapterIndex = args.Adapter ? args.Adapter.index : 0;
    const facts = this.adapters[adapterIndex];
    const fl = args.MinimumFeatureLevel;
    let hr: HRESULT = 'S_OK';
    if (!facts) hr = 'E_INVALIDARG';
    else if (fl < D3D_FEATURE_LEVEL_11_0 && fl !== D3D_FEATURE_LEVEL_1_0_CORE) hr = 'E_INVALIDARG';
    else if (fl > facts.maxFeatureLevel) hr = 'DXGI_ERROR_UNSUPPORTED';
    if (hr !== 'S_OK') {
      this.endCall(c, hr);
      return { hr };
    }
    const dev = new ID3D12Device(this, adapterIndex, facts, {
      debugLayer: this.debugLayerEnabled,
      gpuBasedValidation: this.gpuBasedValidation,
      dredAutoBreadcrumbs: this.dredAutoBreadcrumbs,
      dredPageFault: this.dredPageFault,
    });
    this.devices.push(dev);
    this.endCall(c, 'S_OK');
    return { hr: 'S_OK', out: dev };
  }

  /** CreateEvent(lpEventAttributes, bManualReset, bInitialState, lpName): returns the event handle. */
  CreateEvent(
    args: { lpEventAttributes?: null; bManualReset?: boolean; bInitialState?: boolean; lpName?: string | null } = {},
  ): number {
    const c = this.beginCall('CreateEvent', 0, args);
    const handle = this.nextHandle;
    this.nextHandle += 4;
    this.events.set(handle, { handle, signaled: !!args.bInitialState, manualReset: !!args.bManualReset });
    this.endCall(c, null);
    return handle;
  }

  CloseHandle(args: { hObject: number }): boolean {
    const c = this.beginCall('CloseHandle', 0, args);
    const ok = this.events.delete(args.hObject);
    this.endCall(c, null);
    return ok;
  }

  /**
   * [SYNC-WAIT-1] WaitForSingleObject: modelled time passes until the event is set (WAIT_OBJECT_0) or the
   * timeout expires (WAIT_TIMEOUT). An INFINITE wait that nothing can ever satisfy is a deadlock in a real app;
   * the model returns WAIT_TIMEOUT and traces `deadlock: true` instead of hanging.
   */
  WaitForSingleObject(args: { hHandle: number; dwMilliseconds: number }): HRESULT {
    const c = this.beginCall('WaitForSingleObject', 0, args);
    const ev = this.events.get(args.hHandle);
    if (!ev) {
      this.endCall(c, 'WAIT_FAILED');
      return 'WAIT_FAILED';
    }
    const start = this.now;
    const ms = args.dwMilliseconds >>> 0;
    const deadline = ms === INFINITE ? Infinity : this.now + ms * 1e6;
    const r = this.gpu.waitUntil(() => ev.signaled, deadline);
    const hr: HRESULT = r.ok ? 'WAIT_OBJECT_0' : 'WAIT_TIMEOUT';
    if (r.ok && !ev.manualReset) ev.signaled = false;
    this.trace.push({
      k: 'wait',
      i: this.callIndex,
      start,
      end: this.now,
      timedOut: !r.ok,
      deadlock: r.deadlock,
      event: ev.handle,
    });
    this.endCall(c, hr);
    return hr;
  }

  /**
   * [TIME-CPU-2] Win32 Sleep: the calling thread does nothing for dwMilliseconds of modelled time while the GPU keeps
   * running. Lessons use it to stand for the CPU's own work in a frame (game update, culling), so the model can be
   * CPU-bound or GPU-bound.
   */
  Sleep(args: { dwMilliseconds: number }): void {
    const c = this.beginCall('Sleep', 0, args);
    this.now += Math.max(0, args.dwMilliseconds >>> 0) * 1e6;
    this.gpu.runUntil(this.now);
    this.endCall(c, null);
  }

  /** SetEvent / ResetEvent for completeness (manual-reset events). */
  SetEvent(args: { hEvent: number }): boolean {
    const c = this.beginCall('SetEvent', 0, args);
    const ev = this.events.get(args.hEvent);
    if (ev) ev.signaled = true;
    this.endCall(c, null);
    return !!ev;
  }

  ResetEvent(args: { hEvent: number }): boolean {
    const c = this.beginCall('ResetEvent', 0, args);
    const ev = this.events.get(args.hEvent);
    if (ev) ev.signaled = false;
    this.endCall(c, null);
    return !!ev;
  }

  /** [RS-SER-1] D3D12SerializeRootSignature: the 1.0 entry point accepts only version 1.0 descs. */
  D3D12SerializeRootSignature(args: { RootSignature: unknown; Version: number }): {
    hr: HRESULT;
    out?: ID3DBlob;
    ErrorBlob?: ID3DBlob;
  } {
    const c = this.beginCall('D3D12SerializeRootSignature', 0, args);
    const r =
      args.Version === D3D_ROOT_SIGNATURE_VERSION_1_0
        ? serializeRootSignature(this, args.Version, args.RootSignature)
        : { hr: 'E_INVALIDARG' as HRESULT, error: 'UNSUPPORTED_VERSION' };
    this.endCall(c, r.hr);
    return r.hr === 'S_OK'
      ? { hr: r.hr, out: r.blob }
      : { hr: r.hr, ErrorBlob: new ID3DBlob(this, { error: r.error ?? 'INVALID' }) };
  }

  /** [RS-SER-2] D3D12SerializeVersionedRootSignature: 1.0 reads Desc_1_0, 1.1 reads Desc_1_1. */
  D3D12SerializeVersionedRootSignature(args: {
    RootSignature: { Version: number; Desc_1_0?: unknown; Desc_1_1?: unknown };
  }): { hr: HRESULT; out?: ID3DBlob; ErrorBlob?: ID3DBlob } {
    const c = this.beginCall('D3D12SerializeVersionedRootSignature', 0, args);
    const v = args.RootSignature?.Version;
    const desc = v === D3D_ROOT_SIGNATURE_VERSION_1_0 ? args.RootSignature.Desc_1_0 : args.RootSignature?.Desc_1_1;
    const r = serializeRootSignature(this, v, desc);
    this.endCall(c, r.hr);
    return r.hr === 'S_OK'
      ? { hr: r.hr, out: r.blob }
      : { hr: r.hr, ErrorBlob: new ID3DBlob(this, { error: r.error ?? 'INVALID' }) };
  }
}
