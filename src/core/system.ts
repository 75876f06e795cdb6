// D3D12System: the root of the model. It owns the modelled machine (adapters), the clocks (one CPU timeline,
// one GPU timeline per queue), the process-wide debug switches, the debug-layer message log, the trace and
// the free functions of the API (D3D12CreateDevice, CreateDXGIFactory2, CreateEvent, WaitForSingleObject ...).
// Everything is deterministic: time only moves when calls are made ([TIME-CPU-1]) or waits let it pass.

import { Trace } from './trace';
import { MESSAGE_DEFS, type D3D12Message, type HRESULT, type MessageId } from './messages';
import type { IUnknown } from './object';
import { ID3D12Device } from './device';
import { IDXGIFactory4, type AdapterFacts, defaultAdapters, IDXGIAdapter1 } from './dxgi';
import { ID3D12Debug, ID3D12DeviceRemovedExtendedDataSettings } from './debug';
import type { ID3D12CommandQueue } from './queue';
import type { Command, Submission } from './commands';
import { ID3DBlob, serializeRootSignature } from './pipeline';
import { D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_1_0_CORE, D3D_ROOT_SIGNATURE_VERSION_1_0, INFINITE } from './enums';

export interface ModelSettings {
  /** [TIME-CPU-1] modelled CPU cost of one API call, in nanoseconds */
  cpuNsPerCall: number;
  /** [TIME-GPU-1] modelled GPU cost of one executed command list, in milliseconds (the "GPU speed" knob) */
  gpuMsPerList: number;
  /** [TIME-LAT-1] Present blocks while more than this many presents are queued (DXGI default 3) */
  maxFrameLatency: number;
  /**
   * [TR-READS-1] Keep, on each `gpu` event, the bytes of the CPU-visible buffers that execution used, as they were
   * when the GPU ran it, so a replay draws what the GPU saw even after the CPU rewrote them. Off by default:
   * it copies buffers at every completion (the lessons turn it on; benchmarks and scenarios do not need it).
   */
  keepGpuReads: boolean;
}

export const DEFAULT_SETTINGS: ModelSettings = { cpuNsPerCall: 1000, gpuMsPerList: 1, maxFrameLatency: 3, keepGpuReads: false };

/** A Win32 event object created by CreateEvent. */
export interface Win32Event {
  readonly handle: number;
  signaled: boolean;
  readonly manualReset: boolean;
}

/** Handle of a call in flight (returned by beginCall). */
export type CallEvent = { k: 'call'; i: number; t: number; api: string; self: number; args: unknown; hr: HRESULT | null };

export class D3D12System {
  readonly trace = new Trace();
  readonly objects = new Map<number, IUnknown>();
  nextObjectId = 1;
  /** Index of the current (or last) API call; every public method call increments it. */
  callIndex = -1;
  /** Modelled CPU time in nanoseconds. */
  now = 0;
  readonly settings: ModelSettings;
  readonly adapters: AdapterFacts[];
  readonly devices: ID3D12Device[] = [];
  readonly queues: ID3D12CommandQueue[] = [];
  readonly messages: D3D12Message[] = [];
  readonly events = new Map<number, Win32Event>();
  private nextHandle = 0x100;

  /** Process-wide switches set through the debug interfaces (before device creation to take effect). */
  debugLayerEnabled = false;
  gpuBasedValidation = false;
  dredAutoBreadcrumbs = false;
  dredPageFault = false;

  /** Accepted submissions by id ([TR-SUBMIT-1]); kept while the trace is on (the trace's `gpu` events name them). */
  private readonly submissions = new Map<number, Submission>();
  private nextSubmission = 1;

  /** Earliest modelled time at which some queue has work to finish; lets beginCall skip the GPU engine. */
  nextGpuEvent = Infinity;

  constructor(opts: { settings?: Partial<ModelSettings>; adapters?: AdapterFacts[] } = {}) {
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.adapters = opts.adapters ? opts.adapters.slice() : defaultAdapters();
  }

  /** Add the live WebGPU adapter's facts as one more modelled adapter (returns its index). */
  addAdapter(facts: AdapterFacts): number {
    this.adapters.push(facts);
    return this.adapters.length - 1;
  }

  // ------------------------------------------------------------------ calls, messages, hazards

  /** [TIME-CPU-1] Every API call costs CPU time; the GPU keeps running meanwhile. */
  beginCall(api: string, self: number, args: unknown): CallEvent {
    this.callIndex++;
    this.now += this.settings.cpuNsPerCall;
    const ev: CallEvent = { k: 'call', i: this.callIndex, t: this.now, api, self, args, hr: null };
    if (this.trace.enabled) this.trace.events.push(ev);
    if (this.now >= this.nextGpuEvent) this.runGpuUntil(this.now);
    return ev;
  }

  endCall(ev: CallEvent, hr: HRESULT | null): void {
    ev.hr = hr;
  }

  /**
   * Raise a debug-layer message. [DBG-ON-1] Only devices created while the debug layer was enabled report;
   * a null device means "process-wide" (follows the current switch).
   */
  emit(device: ID3D12Device | null, id: MessageId, args: Record<string, string | number | boolean | null> = {}): void {
    const on = device ? device.debugLayer : this.debugLayerEnabled;
    if (!on) return;
    const d = MESSAGE_DEFS[id];
    const msg: D3D12Message = { id, category: d.category, severity: d.severity, callIndex: this.callIndex, args };
    this.messages.push(msg);
    this.trace.push({ k: 'message', i: this.callIndex, msg });
  }

  /** Record an undefined-behaviour outcome the model decided (the executor shows it as "simulated hazard"). */
  hazard(kind: string, res: number, detail: Record<string, string | number | boolean | null> = {}): void {
    this.trace.push({ k: 'hazard', i: this.callIndex, kind, res, detail });
  }

  // ------------------------------------------------------------------ GPU engine

  /** Recompute when the next GPU completion is due. */
  scheduleGpu(): void {
    let next = Infinity;
    for (const q of this.queues) {
      const t = q.headTime();
      if (t < next) next = t;
    }
    this.nextGpuEvent = next;
  }

  /** [TIME-GPU-2] Let every queue finish the work due by time t, in global time order (cross-queue waits). */
  runGpuUntil(t: number): void {
    for (let guard = 0; guard < 1_000_000; guard++) {
      let best: ID3D12CommandQueue | null = null;
      let bestT = Infinity;
      for (const q of this.queues) {
        const h = q.headTime();
        if (h < bestT) { bestT = h; best = q; }
      }
      if (!best || bestT > t) break;
      best.processHead(bestT);
    }
    this.scheduleGpu();
  }

  /** Advance modelled time (the scenario's `@gpu.advance`). */
  advance(ms: number): void {
    const c = this.beginCall('@gpu.advance', 0, { ms });
    this.now += Math.max(0, ms) * 1e6;
    this.runGpuUntil(this.now);
    this.endCall(c, null);
  }

  /** Let the GPU finish all submitted work it can (the scenario's `@gpu.idle`). */
  idle(): void {
    const c = this.beginCall('@gpu.idle', 0, null);
    this.scheduleGpu();
    while (this.nextGpuEvent !== Infinity) {
      this.now = Math.max(this.now, this.nextGpuEvent);
      this.runGpuUntil(this.now);
    }
    this.endCall(c, null);
  }

  /** Run time forward until `done()` or the deadline; returns false on timeout (or when nothing can progress). */
  waitUntil(done: () => boolean, deadline: number): { ok: boolean; deadlock: boolean } {
    for (let guard = 0; guard < 1_000_000; guard++) {
      if (done()) return { ok: true, deadlock: false };
      this.scheduleGpu();
      const next = this.nextGpuEvent;
      if (next !== Infinity && next <= deadline) {
        this.now = Math.max(this.now, next);
        this.runGpuUntil(this.now);
        continue;
      }
      if (deadline === Infinity) return { ok: false, deadlock: true };
      this.now = Math.max(this.now, deadline);
      return { ok: done(), deadlock: false };
    }
    throw new Error('model invariant: GPU engine did not settle');
  }

  // ------------------------------------------------------------------ free functions

  /** D3D12GetDebugInterface: ID3D12Debug (EnableDebugLayer, SetEnableGPUBasedValidation) or the DRED settings. */
  D3D12GetDebugInterface(args: { riid?: string }): { hr: HRESULT; out?: ID3D12Debug | ID3D12DeviceRemovedExtendedDataSettings } {
    const riid = args.riid ?? 'ID3D12Debug';
    const c = this.beginCall('D3D12GetDebugInterface', 0, args);
    let out: ID3D12Debug | ID3D12DeviceRemovedExtendedDataSettings | undefined;
    if (riid === 'ID3D12DeviceRemovedExtendedDataSettings' || riid === 'ID3D12DeviceRemovedExtendedDataSettings1') out = new ID3D12DeviceRemovedExtendedDataSettings(this);
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
  D3D12CreateDevice(args: { Adapter?: IDXGIAdapter1 | null; MinimumFeatureLevel: number }): { hr: HRESULT; out?: ID3D12Device } {
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
    const dev = new ID3D12Device(this, adapterIndex, facts);
    this.devices.push(dev);
    this.endCall(c, 'S_OK');
    return { hr: 'S_OK', out: dev };
  }

  /** CreateEvent(lpEventAttributes, bManualReset, bInitialState, lpName): returns the event handle. */
  CreateEvent(args: { lpEventAttributes?: null; bManualReset?: boolean; bInitialState?: boolean; lpName?: string | null } = {}): number {
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
    const r = this.waitUntil(() => ev.signaled, deadline);
    const hr: HRESULT = r.ok ? 'WAIT_OBJECT_0' : 'WAIT_TIMEOUT';
    if (r.ok && !ev.manualReset) ev.signaled = false;
    this.trace.push({ k: 'wait', i: this.callIndex, start, end: this.now, timedOut: !r.ok, deadlock: r.deadlock, event: ev.handle });
    this.endCall(c, hr);
    return hr;
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
  D3D12SerializeRootSignature(args: { RootSignature: unknown; Version: number }): { hr: HRESULT; out?: ID3DBlob; ErrorBlob?: ID3DBlob } {
    const c = this.beginCall('D3D12SerializeRootSignature', 0, args);
    const r = args.Version === D3D_ROOT_SIGNATURE_VERSION_1_0
      ? serializeRootSignature(this, args.Version, args.RootSignature)
      : { hr: 'E_INVALIDARG' as HRESULT, error: 'UNSUPPORTED_VERSION' };
    this.endCall(c, r.hr);
    return r.hr === 'S_OK' ? { hr: r.hr, out: r.blob } : { hr: r.hr, ErrorBlob: new ID3DBlob(this, { error: r.error ?? 'INVALID' }) };
  }

  /** [RS-SER-2] D3D12SerializeVersionedRootSignature: 1.0 reads Desc_1_0, 1.1 reads Desc_1_1. */
  D3D12SerializeVersionedRootSignature(args: { RootSignature: { Version: number; Desc_1_0?: unknown; Desc_1_1?: unknown } }): { hr: HRESULT; out?: ID3DBlob; ErrorBlob?: ID3DBlob } {
    const c = this.beginCall('D3D12SerializeVersionedRootSignature', 0, args);
    const v = args.RootSignature?.Version;
    const desc = v === D3D_ROOT_SIGNATURE_VERSION_1_0 ? args.RootSignature.Desc_1_0 : args.RootSignature?.Desc_1_1;
    const r = serializeRootSignature(this, v, desc);
    this.endCall(c, r.hr);
    return r.hr === 'S_OK' ? { hr: r.hr, out: r.blob } : { hr: r.hr, ErrorBlob: new ID3DBlob(this, { error: r.error ?? 'INVALID' }) };
  }

  /** Register an accepted ExecuteCommandLists; returns its submission id. */
  addSubmission(queue: number, lists: readonly number[], commands: readonly (readonly Command[])[]): Submission {
    const s: Submission = { id: this.nextSubmission++, queue, call: this.callIndex, lists, commands, reads: null };
    if (this.trace.enabled) this.submissions.set(s.id, s);
    return s;
  }

  /** [TR-SUBMIT-1] What a submission ran: its commands as submitted and the bytes it read (undefined: unknown id). */
  submission(id: number): Submission | undefined {
    return this.submissions.get(id);
  }

  /** Look up a live object by id (panels, tests). */
  object(id: number): IUnknown | undefined {
    return this.objects.get(id);
  }
}
