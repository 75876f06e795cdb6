// [CS-EXEC-1] The executor's dispatches (executor.ts replays each accepted submission through this): a Dispatch is a
// real WebGPU compute pass — the compute PSO's WGSL as a compute pipeline, its registers bound as the dispatch's root
// arguments name them (compute-bind.ts): UAV buffers as storage buffers and UAV textures as storage textures (the
// executor's own GPU copies, which persist across the replay so a later dispatch, copy or draw sees what a dispatch
// wrote), SRVs as read-only storage buffers or sampled textures, CBVs and root constants as uniform buffers, then
// dispatchWorkgroups(X, Y, Z). A dispatch that races an earlier one on a UAV ([CS-UAV-2]) sees it torn (uav-race.ts).
// The pipeline's layout is 'auto', which keeps only the bindings the entry point uses: a compute shader's WGSL
// declares only what it uses (as the lessons' graphics shaders do), or WebGPU refuses the bind group (gpuErrors).
import { D3D12_HEAP_TYPE_UPLOAD, type CommandOf, type ID3D12Resource } from '../../core';
import { withErrorScopes } from '../host';
import type { ErrorScope } from './scopes';
import { computeBindings, registerName, resolveRegister, type ComputeBinding } from './compute-bind';
import { cachedComputePipeline, type ShaderWithWgsl } from './pipelines';
import type { UavRaces } from './uav-race';
import { UAV_RACE_DONE } from './uav-race';
import type { ExecResult } from './executor';

export interface ComputeContext {
  device: GPUDevice;
  texFor: (r: ID3D12Resource) => GPUTexture | null;
  /** The executor's GPU copy of a buffer on a GPU-local heap (made from the model's bytes when first needed). */
  bufFor: (r: ID3D12Resource) => GPUBuffer | null;
  /** CPU-visible buffers' bytes as the GPU read them at this submission ([TR-READS-1]). */
  reads: ReadonlyMap<number, Uint8Array> | null;
  races: UavRaces;
  /** how WebGPU errors are collected (scopes.ts): a scope of its own when absent */
  scope?: ErrorScope;
}

/** WebGPU's minStorageBufferOffsetAlignment / minUniformBufferOffsetAlignment default (D3D12 CBVs align to 256 too). */
const OFFSET_ALIGN = 256;

export async function replayDispatch(
  ctx: ComputeContext,
  cmd: CommandOf<'Dispatch'>,
  result: ExecResult,
  call: number,
): Promise<void> {
  const { device } = ctx;
  const pso = cmd.pso;
  const wgsl = (pso?.desc as { CS?: ShaderWithWgsl } | undefined)?.CS?.wgsl;
  if (!pso?.isCompute || !wgsl) {
    result.notes.push(
      `Dispatch (call ${call}): ${pso?.isCompute ? 'the compute shader has no WGSL' : 'no compute pipeline set'}; not run`,
    );
    return;
  }
  if (cmd.x * cmd.y * cmd.z === 0) {
    result.notes.push(`Dispatch (call ${call}): an empty grid (${cmd.x}, ${cmd.y}, ${cmd.z}), nothing runs`);
    return;
  }
  const bindings = computeBindings(wgsl);
  const temps: (GPUBuffer | GPUTexture)[] = [];
  const ran: string[] = [];
  const notes: string[] = [];
  const writeBacks: (() => void)[] = [];
  let keep = () => {};
  const { errors } = await (ctx.scope ?? withErrorScopes)(device, () => {
    const cached = cachedComputePipeline(device, pso);
    keep = cached.keep;
    const entries: GPUBindGroupEntry[] = [];
    for (const b of bindings) {
      const entry = bind(ctx, cmd, b, temps, ran, notes, writeBacks);
      if (entry) entries.push({ binding: b.binding, resource: entry });
    }
    // resources this dispatch writes, as they are before it (after the stand-ins above were torn from the older
    // copies): what a later dispatch of the list that races on them sees of the part this one had not written yet
    for (const b of bindings) {
      if (!b.writable) continue;
      const src = resolveRegister(cmd, b.cls, b.register);
      if (src.kind === 'buffer' && src.res.fixedState === -1) {
        const gpu = ctx.bufFor(src.res);
        if (gpu) ctx.races.beforeWrite(src.res, gpu);
      } else if (src.kind === 'texture') {
        const gpu = ctx.texFor(src.res);
        if (gpu) ctx.races.beforeWrite(src.res, gpu);
      }
    }
    const enc = device.createCommandEncoder({ label: `Dispatch (call ${call})` });
    const pass = enc.beginComputePass({ label: `Dispatch (call ${call})` });
    pass.setPipeline(cached.pipeline);
    if (entries.length)
      pass.setBindGroup(
        0,
        device.createBindGroup({
          label: `Dispatch (call ${call}) root arguments`,
          layout: cached.pipeline.getBindGroupLayout(0),
          entries,
        }),
      );
    pass.dispatchWorkgroups(cmd.x, cmd.y, cmd.z);
    pass.end();
    device.queue.submit([enc.finish()]);
    for (const w of writeBacks) w();
  });
  for (const t of temps) t.destroy();
  if (errors.length === 0) keep();
  result.gpuErrors.push(...errors.map((m) => `Dispatch (ExecuteCommandLists, call ${call}): ${m}`));
  result.notes.push(...notes.map((n) => `Dispatch (call ${call}): ${n}`));
  result.ran.push(
    `call ${call} Dispatch → compute pipeline "PSO #${pso.id}"${ran.length ? `, ${ran.join(', ')}` : ''}, dispatchWorkgroups(${cmd.x}, ${cmd.y}, ${cmd.z})${errors.length ? ' — refused' : ''}`,
  );
}

/** One WGSL binding's resource at this dispatch; a register with nothing behind it reads zeros. */
function bind(
  ctx: ComputeContext,
  cmd: CommandOf<'Dispatch'>,
  b: ComputeBinding,
  temps: (GPUBuffer | GPUTexture)[],
  ran: string[],
  notes: string[],
  writeBacks: (() => void)[],
): GPUBindingResource | null {
  const { device } = ctx;
  const reg = registerName(b);
  if (b.kind === 'sampler') {
    ran.push(`${reg} = a default sampler`);
    return device.createSampler();
  }
  const src = resolveRegister(cmd, b.cls, b.register);
  const zeroBuffer = (why: string) => {
    const buf = device.createBuffer({
      label: `zeros for ${reg}`,
      size: 256,
      usage: b.cls === 'CBV' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE,
    });
    temps.push(buf);
    notes.push(`${why} (the shader reads zeros)`);
    return { buffer: buf };
  };
  if (src.kind === 'none') {
    if (b.kind === 'buffer') return zeroBuffer(src.why);
    notes.push(`${src.why}; not run as written`);
    return null; // the bind group is incomplete: WebGPU refuses the dispatch, and says so in gpuErrors
  }
  if (src.kind === 'constants') {
    const data = new Uint32Array(Math.max(4, Math.ceil(src.values.length / 4) * 4));
    data.set(src.values);
    const buf = device.createBuffer({
      label: `${reg} ${src.from}`,
      size: data.byteLength,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    device.queue.writeBuffer(buf, 0, data);
    temps.push(buf);
    ran.push(`${reg} = ${src.from}: [${src.values.join(', ')}]`);
    return { buffer: buf };
  }
  if (src.kind === 'texture') {
    let tex = ctx.texFor(src.res);
    if (!tex) {
      notes.push(
        `${reg}: ${src.from} names a texture of a format the executor has no WebGPU twin for; not run as written`,
      );
      return null;
    }
    const raced = cmd.uavRaces.includes(src.res) ? ctx.races.standIn(src.res, tex) : null;
    if (raced) {
      const real = tex;
      const stand = raced as GPUTexture;
      tex = stand;
      if (b.writable) writeBacks.push(() => ctx.races.writeBack(stand, real));
      notes.push(
        racedNote(reg, real.label, `the top ${Math.floor(UAV_RACE_DONE * real.height)} of ${real.height} rows`),
      );
    }
    ran.push(`${reg} = ${src.from} → ${tex.label}${b.cls === 'UAV' ? ' as a storage texture' : ''}`);
    return tex.createView({ dimension: '2d', baseMipLevel: 0, mipLevelCount: 1 });
  }
  // a buffer: the executor's GPU copy of a GPU-local one, or the bytes of a CPU-visible one as the GPU read them
  const res = src.res;
  if (src.offset % OFFSET_ALIGN !== 0)
    return zeroBuffer(
      `${reg}: ${src.from}: offset ${src.offset} is not a multiple of ${OFFSET_ALIGN}, which WebGPU needs`,
    );
  let buf: GPUBuffer | null = res.fixedState === -1 ? ctx.bufFor(res) : null;
  if (!buf) {
    const bytes = ctx.reads?.get(res.id) ?? res.storage();
    buf = device.createBuffer({
      label: `buffer #${res.id} as the GPU read it${res.heapType === D3D12_HEAP_TYPE_UPLOAD ? ' (upload heap)' : ''}`,
      size: Math.max(256, Math.ceil(bytes.byteLength / 4) * 4),
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    });
    device.queue.writeBuffer(buf, 0, bytes.buffer, bytes.byteOffset, bytes.byteLength & ~3);
    temps.push(buf);
  }
  // a uniform binding holds at most 64 KiB (WebGPU's maxUniformBufferBindingSize default; D3D12's CBV limit too)
  const rest = Math.min(src.size ?? buf.size - src.offset, buf.size - src.offset, b.cls === 'CBV' ? 65536 : Infinity);
  const size = Math.max(4, Math.floor(rest / 4) * 4);
  const raced = cmd.uavRaces.includes(res) ? ctx.races.standIn(res, buf, { offset: src.offset, size }) : null;
  if (raced) {
    const real = buf;
    const stand = raced as GPUBuffer;
    buf = stand;
    if (b.writable) writeBacks.push(() => ctx.races.writeBack(stand, real));
    notes.push(
      racedNote(reg, real.label, `the first ${Math.floor((size * UAV_RACE_DONE) / 4) * 4} of its ${size} bytes`),
    );
  }
  ran.push(
    `${reg} = ${src.from} → ${buf.label} [+${src.offset}, ${size} bytes]${b.cls === 'CBV' ? ' as a uniform buffer' : b.cls === 'UAV' ? ' as a storage buffer' : ' as a read-only storage buffer'}`,
  );
  return { buffer: buf, offset: src.offset, size };
}

const racedNote = (reg: string, label: string, share: string) =>
  `${reg} → ${label}: an earlier Dispatch of the list wrote it and no UAV barrier ordered them; this one started when that one had done half its work and sees ${share} new, the rest as before it (simulated hazard: real GPUs may show any mix)`;

/**
 * CopyBufferRegion / CopyResource of buffers: the model moves the bytes [COPY-BYTES-1]; a buffer the executor keeps
 * a GPU copy of (a dispatch bound it) gets the same copy on the GPU, so the next dispatch or texture copy reads the
 * copied bytes: from the source's GPU copy when there is one (what dispatches wrote), else its bytes as the GPU
 * read them. Nothing to do when the destination has no GPU copy.
 */
export function replayBufferCopy(
  ctx: Pick<ComputeContext, 'device' | 'reads'>,
  held: (r: ID3D12Resource) => GPUBuffer | null,
  cmd: CommandOf<'CopyBufferRegion'> | CommandOf<'CopyResource'>,
  result: ExecResult,
  call: number,
): void {
  const dst = cmd.dst.isBuffer ? held(cmd.dst) : null;
  if (!dst || !cmd.src.isBuffer) return;
  const srcOff = cmd.op === 'CopyBufferRegion' ? cmd.SrcOffset : 0;
  const dstOff = cmd.op === 'CopyBufferRegion' ? cmd.DstOffset : 0;
  const n = cmd.op === 'CopyBufferRegion' ? cmd.NumBytes : Math.min(cmd.dst.desc.Width, cmd.src.desc.Width);
  // WebGPU copies whole 4-byte words at 4-byte offsets (D3D12 has no such rule): other copies stay the model's
  if (srcOff % 4 || dstOff % 4 || n % 4 || dstOff + n > dst.size || n === 0) {
    result.notes.push(
      `${cmd.op} (call ${call}): into ${dst.label} at +${dstOff}, ${n} bytes: not 4-byte aligned or out of its GPU copy; the dispatches do not see it`,
    );
    return;
  }
  const { device } = ctx;
  let src = held(cmd.src);
  const temp = !src;
  if (!src) {
    const bytes = ctx.reads?.get(cmd.src.id) ?? cmd.src.storage();
    src = device.createBuffer({
      label: `buffer #${cmd.src.id} as the GPU read it`,
      size: Math.max(4, Math.ceil(bytes.byteLength / 4) * 4),
      usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    });
    device.queue.writeBuffer(src, 0, bytes.buffer, bytes.byteOffset, bytes.byteLength & ~3);
  }
  if (srcOff + n > src.size) return;
  const enc = device.createCommandEncoder({ label: `${cmd.op} (call ${call})` });
  enc.copyBufferToBuffer(src, srcOff, dst, dstOff, n);
  device.queue.submit([enc.finish()]);
  if (temp) src.destroy();
  result.ran.push(
    `call ${call} ${cmd.op} → copyBufferToBuffer(${src.label} +${srcOff} → ${dst.label} +${dstOff}, ${n})`,
  );
}
