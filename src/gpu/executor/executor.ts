// The WebGPU executor: replays the work the model accepted, as far as the trace cursor, onto real GPU
// textures, and puts the last presented swap-chain buffer on the canvas. RTV clears and draws are real WebGPU
// work (so stride, cull mode, viewport, scissor and format effects are real); outcomes the model decided are
// undefined on real hardware arrive as `hazard` trace events and are drawn and labelled, never hidden.
import type { D3D12System } from '../../core/system';
import type { Command, ID3D12GraphicsCommandList, RTVBinding } from '../../core/commandlist';
import type { ID3D12PipelineState } from '../../core/pipeline';
import type { ID3D12Resource } from '../../core/resource';
import type { FramePresenter } from './offscreen';
import { withErrorScopes } from '../host';
import { textureFormat } from './formats';
import { createPipeline, elementBindings, pipelineKey } from './pipelines';
import { Blitter } from './blit';
import { fetchElement } from './fetch';

export interface ExecHazard { kind: string; callIndex: number; res: number; detail: Record<string, unknown> }

export interface ExecResult {
  /** Call index of the Present on the canvas; -1 when nothing was presented yet. */
  presentedAt: number;
  /** WebGPU validation / out-of-memory errors, with the D3D12 command that caused them. */
  gpuErrors: string[];
  hazards: ExecHazard[];
  /** Draws skipped because D3D12 would draw nothing (empty scissor, no viewport). */
  notes: string[];
  /** The WebGPU work that ran, one line per D3D12 command replayed (what really happened on the GPU). */
  ran: string[];
}

type Viewport = { TopLeftX: number; TopLeftY: number; Width: number; Height: number; MinDepth: number; MaxDepth: number };
type Rect = { left: number; top: number; right: number; bottom: number };
type VB = { BufferLocation: number; SizeInBytes: number; StrideInBytes: number; res: ID3D12Resource | null };

/** The swap chain a Present was called on, as the executor needs it (duck-typed: only what is read). */
interface SwapChainLike { buffers?: ID3D12Resource[]; Buffers?: ID3D12Resource[] }

export class LessonExecutor {
  private pipelines = new Map<string, GPURenderPipeline>();
  private blitter: Blitter;

  constructor(readonly device: GPUDevice) {
    this.blitter = new Blitter(device);
  }

  /** Replays accepted ExecuteCommandLists with call index <= cursor, then presents the last Present <= cursor. */
  async execute(presenter: FramePresenter, sys: D3D12System, cursor: number): Promise<ExecResult> {
    const result: ExecResult = { presentedAt: -1, gpuErrors: [], hazards: [], notes: [], ran: [] };
    const textures = new Map<number, GPUTexture>();
    const accepted = new Set<number>();
    for (const e of sys.trace.events) if (e.k === 'gpu') accepted.add(e.submitCall);
    const presentCount = new Map<number, number>();
    let presented: ID3D12Resource | null = null;

    const texFor = (res: ID3D12Resource): GPUTexture | null => {
      let t = textures.get(res.id);
      if (t) return t;
      const format = textureFormat(res.desc.Format);
      if (!format) return null;
      t = this.device.createTexture({
        label: `resource #${res.id}${res.name ? ` (${res.name})` : ''}`,
        size: { width: Math.max(1, res.desc.Width), height: Math.max(1, res.desc.Height) },
        format,
        usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC | GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING,
      });
      textures.set(res.id, t);
      return t;
    };

    for (const e of sys.trace.events) {
      if (e.i > cursor) break;
      if (e.k === 'hazard') result.hazards.push({ kind: e.kind, callIndex: e.i, res: e.res, detail: { ...e.detail } });
      if (e.k !== 'call') continue;
      if (e.api.endsWith('::ExecuteCommandLists') && accepted.has(e.i)) {
        const lists = ((e.args as { CommandLists?: ID3D12GraphicsCommandList[] }).CommandLists ?? []);
        for (const l of lists) await this.replay(l.recordedCommands(), texFor, result, e.i);
      } else if (/^IDXGISwapChain\d*::Present1?$/.test(e.api) && e.hr && !e.hr.startsWith('DXGI_ERROR') && !e.hr.startsWith('E_')) {
        const sc = sys.object(e.self) as unknown as SwapChainLike | undefined;
        const bufs = sc?.buffers ?? sc?.Buffers ?? [];
        const n = presentCount.get(e.self) ?? 0;
        presentCount.set(e.self, n + 1);
        if (bufs.length) {
          presented = bufs[n % bufs.length];
          result.presentedAt = e.i;
        }
      }
    }

    const shown = presented ? texFor(presented) : null;
    const { errors } = await withErrorScopes(this.device, () => {
      // The canvas gets a texture in its own format; the blit also covers buffers never written (black).
      const target = presenter.createBackBuffer('presented frame');
      this.blitter.blit(shown, target);
      presenter.present(target);
    });
    result.gpuErrors.push(...errors.map((m) => `Present: ${m}`));
    result.ran.push(shown ? `call ${result.presentedAt} Present → blit ${shown.label} (${shown.format}) to the canvas (${presenter.format})` : 'nothing presented yet → the canvas is cleared to black');
    for (const t of textures.values()) t.destroy();
    return result;
  }

  private async replay(cmds: readonly Command[], texFor: (r: ID3D12Resource) => GPUTexture | null, result: ExecResult, call: number) {
    for (const cmd of cmds) {
      if (cmd.op === 'ClearRenderTargetView') {
        const rtv = cmd.rtv as RTVBinding;
        const tex = rtv.res ? texFor(rtv.res) : null;
        if (!tex) continue;
        const [r, g, b, a] = cmd.ColorRGBA as number[];
        const { errors } = await withErrorScopes(this.device, () => {
          const enc = this.device.createCommandEncoder({ label: `ClearRenderTargetView (call ${call})` });
          enc.beginRenderPass({ colorAttachments: [{ view: tex.createView(), loadOp: 'clear', storeOp: 'store', clearValue: { r, g, b, a } }] }).end();
          this.device.queue.submit([enc.finish()]);
        });
        result.gpuErrors.push(...errors.map((m) => `ClearRenderTargetView (ExecuteCommandLists, call ${call}): ${m}`));
        result.ran.push(`call ${call} ClearRenderTargetView → beginRenderPass({ loadOp: 'clear', clearValue: [${[r, g, b, a].join(', ')}] }) on ${tex.label} (${tex.format} ${tex.width}×${tex.height})`);
      } else if (cmd.op === 'DrawInstanced') {
        await this.draw(cmd, texFor, result, call);
      }
    }
  }

  private async draw(cmd: Command, texFor: (r: ID3D12Resource) => GPUTexture | null, result: ExecResult, call: number) {
    const pso = cmd.pso as ID3D12PipelineState | null;
    const rtvs = cmd.rtvs as RTVBinding[];
    const viewports = cmd.viewports as Viewport[];
    const scissors = cmd.scissors as Rect[];
    const vbs = cmd.vbs as VB[];
    const args = cmd.args as { VertexCountPerInstance: number; InstanceCount: number; StartVertexLocation: number; StartInstanceLocation: number };
    const target = rtvs[0]?.res ? texFor(rtvs[0].res) : null;
    if (!pso || !target) return;
    // D3D12 starts a recording with no viewport and an empty scissor: then nothing is rasterised.
    const vp = viewports[0];
    const sc = scissors[0];
    if (!vp || vp.Width <= 0 || vp.Height <= 0) {
      result.notes.push(`DrawInstanced (call ${call}): no viewport set, nothing rasterised`);
      return;
    }
    const x0 = Math.max(0, Math.min(target.width, sc ? sc.left : 0));
    const y0 = Math.max(0, Math.min(target.height, sc ? sc.top : 0));
    const x1 = Math.max(x0, Math.min(target.width, sc ? sc.right : 0));
    const y1 = Math.max(y0, Math.min(target.height, sc ? sc.bottom : 0));
    if (x1 <= x0 || y1 <= y0) {
      result.notes.push(`DrawInstanced (call ${call}): empty scissor rectangle, nothing drawn`);
      return;
    }
    const bindings = elementBindings(pso);
    // elements arrive tightly packed (see fetchElement), so the WebGPU stride is the element's size
    const strides = bindings.map((b) => b.bytes);
    const { errors } = await withErrorScopes(this.device, () => {
      const key = pipelineKey(pso, strides, cmd.topology as number, target.format);
      let pipeline = this.pipelines.get(key);
      if (!pipeline) {
        pipeline = createPipeline(this.device, pso, strides, cmd.topology as number);
        this.pipelines.set(key, pipeline);
      }
      const enc = this.device.createCommandEncoder({ label: `DrawInstanced (call ${call})` });
      const pass = enc.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'load', storeOp: 'store' }] });
      pass.setPipeline(pipeline);
      pass.setViewport(vp.TopLeftX, vp.TopLeftY, vp.Width, vp.Height, clamp01(vp.MinDepth), clamp01(Math.max(vp.MinDepth, vp.MaxDepth)));
      pass.setScissorRect(x0, y0, x1 - x0, y1 - y0);
      const temp: GPUBuffer[] = [];
      bindings.forEach((b, k) => {
        const vb = vbs[b.inputSlot];
        if (!vb?.res) return;
        const perInstance = pso.inputLayout[k].InputSlotClass === 1;
        const count = perInstance ? args.StartInstanceLocation + args.InstanceCount : args.StartVertexLocation + args.VertexCountPerInstance;
        const data = fetchElement(vb.res.storage(), vb.BufferLocation - vb.res.gpuVA, vb.SizeInBytes, vb.StrideInBytes, b.offset, b.bytes, count);
        const buf = this.device.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST, label: `input element ${k} (fetched with stride ${vb.StrideInBytes})` });
        this.device.queue.writeBuffer(buf, 0, data);
        temp.push(buf);
        pass.setVertexBuffer(k, buf);
      });
      pass.draw(args.VertexCountPerInstance, args.InstanceCount, args.StartVertexLocation, args.StartInstanceLocation);
      pass.end();
      this.device.queue.submit([enc.finish()]);
      for (const b of temp) b.destroy();
    });
    result.gpuErrors.push(...errors.map((m) => `DrawInstanced (ExecuteCommandLists, call ${call}): ${m}`));
    result.ran.push(`call ${call} DrawInstanced → render pipeline "PSO #${pso.id}" (targets ${textureFormat(pso.rtvFormats[0] ?? 0) ?? '?'}), setViewport(${vp.TopLeftX}, ${vp.TopLeftY}, ${vp.Width}, ${vp.Height}, ${vp.MinDepth}, ${vp.MaxDepth}), setScissorRect(${x0}, ${y0}, ${x1 - x0}, ${y1 - y0}), ${bindings.length} vertex buffer(s) fetched with stride ${strides.length ? (vbs[bindings[0].inputSlot]?.StrideInBytes ?? 0) : 0}, draw(${args.VertexCountPerInstance}, ${args.InstanceCount}) on ${target.label}${errors.length ? ' — refused' : ''}`);
  }
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
