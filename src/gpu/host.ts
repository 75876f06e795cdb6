// The WebGPU device's lifetime: bootstrap, the facts a learner needs when it is missing, and recovery
// from device loss. This is the browser's version of "DirectX 12 is not supported on your system":
// say what is missing, why, and what to try, and let everything that needs no canvas keep working.

export type GpuProblem =
  | 'insecure-context' // WebGPU needs https or localhost
  | 'no-navigator-gpu' // browser without WebGPU, or the flag is off
  | 'no-adapter' // requestAdapter() returned null
  | 'device-failed'; // requestDevice() rejected

export interface AdapterFacts {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
  isFallbackAdapter: boolean;
  features: string[];
  limits: Record<string, number>;
  preferredCanvasFormat: string;
}

export interface GpuStatus {
  status: 'pending' | 'ok' | 'unavailable' | 'lost';
  problem?: GpuProblem;
  detail?: string;
  adapter?: AdapterFacts;
  /** How many times a lost device was recreated; the UI says so each time. */
  recoveries: number;
  lastLoss?: { reason: string; message: string };
}

type Listener = (s: GpuStatus) => void;
type ReadyCallback = (device: GPUDevice) => void | Promise<void>;

const LIMIT_KEYS = [
  'maxTextureDimension2D',
  'maxBindGroups',
  'maxBufferSize',
  'maxVertexBuffers',
  'maxVertexAttributes',
  'maxColorAttachments',
  'maxSampledTexturesPerShaderStage',
  'maxUniformBufferBindingSize',
  'maxStorageBufferBindingSize',
  'minUniformBufferOffsetAlignment',
  'maxComputeWorkgroupSizeX',
];

export function describeAdapter(adapter: GPUAdapter, gpu: GPU): AdapterFacts {
  const info = adapter.info;
  const limits: Record<string, number> = {};
  for (const k of LIMIT_KEYS) limits[k] = Number((adapter.limits as unknown as Record<string, number>)[k]);
  return {
    vendor: info?.vendor ?? '',
    architecture: info?.architecture ?? '',
    device: info?.device ?? '',
    description: info?.description ?? '',
    isFallbackAdapter: Boolean((info as { isFallbackAdapter?: boolean } | undefined)?.isFallbackAdapter),
    features: [...adapter.features].map(String).sort(),
    limits,
    preferredCanvasFormat: gpu.getPreferredCanvasFormat(),
  };
}

export class GpuHost {
  device: GPUDevice | null = null;
  adapter: GPUAdapter | null = null;
  private statusValue: GpuStatus = { status: 'pending', recoveries: 0 };
  private listeners = new Set<Listener>();
  private readyCallbacks = new Set<ReadyCallback>();
  private intentionalDestroy = false;
  private starting: Promise<GpuStatus> | null = null;

  /**
   * `early`: the adapter and device index.html asked for before the app loaded (issue 16); used by the first start
   * only (a recovery after a loss asks a fresh adapter).
   */
  constructor(
    private readonly env: {
      gpu?: GPU;
      isSecureContext: boolean;
      early?: { adapter: Promise<GPUAdapter | null>; device: Promise<GPUDevice | null> };
    },
  ) {}

  get status(): GpuStatus {
    return this.statusValue;
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Runs now if a device exists, and again after every recovery from device loss. */
  onDeviceReady(cb: ReadyCallback): () => void {
    this.readyCallbacks.add(cb);
    if (this.device) void cb(this.device);
    return () => this.readyCallbacks.delete(cb);
  }

  private set(s: Partial<GpuStatus>) {
    this.statusValue = { ...this.statusValue, ...s };
    for (const l of this.listeners) l(this.statusValue);
  }

  start(): Promise<GpuStatus> {
    this.starting ??= this.createDevice();
    return this.starting;
  }

  private async createDevice(): Promise<GpuStatus> {
    const gpu = this.env.gpu;
    if (!this.env.isSecureContext) {
      this.set({ status: 'unavailable', problem: 'insecure-context' });
      return this.statusValue;
    }
    if (!gpu) {
      this.set({ status: 'unavailable', problem: 'no-navigator-gpu' });
      return this.statusValue;
    }
    const early = this.env.early;
    this.env.early = undefined;
    let adapter: GPUAdapter | null = null;
    try {
      adapter = await (early?.adapter ?? gpu.requestAdapter());
      performance.mark('lab:gpu-adapter');
    } catch (e) {
      this.set({ status: 'unavailable', problem: 'no-adapter', detail: String(e) });
      return this.statusValue;
    }
    if (!adapter) {
      this.set({ status: 'unavailable', problem: 'no-adapter' });
      return this.statusValue;
    }
    const facts = describeAdapter(adapter, gpu);
    let device: GPUDevice;
    try {
      device = (await early?.device) ?? (await adapter.requestDevice());
      performance.mark('lab:gpu-device');
    } catch (e) {
      this.set({ status: 'unavailable', problem: 'device-failed', detail: String(e), adapter: facts });
      return this.statusValue;
    }
    this.adapter = adapter;
    this.device = device;
    device.lost.then((info) => this.handleLoss(device, info));
    this.set({ status: 'ok', problem: undefined, detail: undefined, adapter: facts });
    for (const cb of [...this.readyCallbacks]) await cb(device);
    return this.statusValue;
  }

  private async handleLoss(device: GPUDevice, info: GPUDeviceLostInfo) {
    if (device !== this.device || this.intentionalDestroy) return;
    this.device = null;
    this.set({ status: 'lost', lastLoss: { reason: String(info.reason), message: info.message } });
    // Recreate from a fresh adapter: an adapter that produced a lost device may be consumed.
    this.starting = null;
    const s = await this.start();
    if (s.status === 'ok') this.set({ recoveries: this.statusValue.recoveries + 1 });
  }

  /** For tests and instructors: simulate a lost device (the app must recover by itself). */
  loseDevice(): boolean {
    if (!this.device) return false;
    this.device.destroy();
    return true;
  }

  /** Tear down for good (page unload); no recovery follows. */
  dispose() {
    this.intentionalDestroy = true;
    this.device?.destroy();
  }
}

/** Runs `fn` inside validation and out-of-memory error scopes so WebGPU errors are shown, never lost to the console. */
export async function withErrorScopes<T>(device: GPUDevice, fn: () => T): Promise<{ value: T; errors: string[] }> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  const value = fn();
  // both popped now (validation first, the inner scope), answered together: one round trip to the GPU process
  const [validation, oom] = await Promise.all([device.popErrorScope(), device.popErrorScope()]);
  const errors = [validation, oom].filter((e): e is GPUError => e !== null).map((e) => e.message);
  return { value, errors };
}
