// Live readback throughput on the real WebGPU device: the A1 lesson's two loops with real buffers. Each frame a
// render pass clears a texture to the frame's colour and copyTextureToBuffer copies it into a MAP_READ buffer (the
// READBACK heap's role); mapAsync is WebGPU's fence + Map. Blocking: submit, await mapAsync, read, unmap, next frame.
// Pipelined: `inFlight` buffers; frame n's mapAsync is requested at once and awaited only when its buffer comes round
// again, so the GPU works on the next frames meanwhile. Both modes run in the same call on the same device.
import { ROW_PITCH_ALIGNMENT, alignUp } from './readback';

export interface LiveReadbackResult {
  blockingFps: number;
  pipelinedFps: number;
  frames: number;
  inFlight: number;
  /** Frames whose first read-back pixel was not the colour that frame cleared to (should be 0). */
  wrongFrames: number;
}

/** Frame n's clear colour as bytes (rgba8unorm): red steps with n, so a stale buffer is caught. */
const colourOf = (n: number): [number, number, number, number] => [(n * 37) % 256, 102, 153, 255];

export async function measureReadback(
  device: GPUDevice,
  opts: { width?: number; height?: number; frames?: number; inFlight?: number } = {},
): Promise<LiveReadbackResult> {
  const width = opts.width ?? 256;
  const height = opts.height ?? 256;
  const frames = opts.frames ?? 60;
  const inFlight = opts.inFlight ?? 3;
  const bytesPerRow = alignUp(width * 4, ROW_PITCH_ALIGNMENT);
  const texture = device.createTexture({
    label: 'live readback: render target',
    size: { width, height },
    format: 'rgba8unorm',
    usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
  });
  const buffers = Array.from({ length: inFlight }, (_, k) =>
    device.createBuffer({
      label: `live readback: buffer ${k}`,
      size: bytesPerRow * height,
      usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
    }),
  );
  let wrongFrames = 0;
  const renderAndCopy = (n: number, buffer: GPUBuffer) => {
    const [r, g, b, a] = colourOf(n);
    const enc = device.createCommandEncoder({ label: `live readback: frame ${n}` });
    enc
      .beginRenderPass({
        colorAttachments: [
          {
            view: texture.createView(),
            loadOp: 'clear',
            storeOp: 'store',
            clearValue: { r: r / 255, g: g / 255, b: b / 255, a: a / 255 },
          },
        ],
      })
      .end();
    enc.copyTextureToBuffer({ texture }, { buffer, bytesPerRow, rowsPerImage: height }, { width, height });
    device.queue.submit([enc.finish()]);
  };
  const read = (n: number, buffer: GPUBuffer) => {
    const px = new Uint8Array(buffer.getMappedRange(), 0, 4);
    const want = colourOf(n);
    if ([0, 1, 2].some((k) => Math.abs(px[k] - want[k]) > 1)) wrongFrames++;
    buffer.unmap();
  };
  try {
    // warm-up: the first submission compiles and allocates
    renderAndCopy(0, buffers[0]);
    await buffers[0].mapAsync(GPUMapMode.READ);
    read(0, buffers[0]);

    let t0 = performance.now();
    for (let n = 1; n <= frames; n++) {
      renderAndCopy(n, buffers[0]);
      await buffers[0].mapAsync(GPUMapMode.READ);
      read(n, buffers[0]);
    }
    const blockingMs = performance.now() - t0;

    t0 = performance.now();
    const pending: (Promise<void> | null)[] = buffers.map(() => null);
    const frameOf: number[] = buffers.map(() => 0);
    for (let n = 1; n <= frames; n++) {
      const k = n % inFlight;
      if (pending[k]) {
        await pending[k];
        read(frameOf[k], buffers[k]);
      }
      renderAndCopy(n, buffers[k]);
      frameOf[k] = n;
      pending[k] = buffers[k].mapAsync(GPUMapMode.READ);
    }
    for (let n = frames - inFlight + 1; n <= frames; n++) {
      const k = n % inFlight;
      if (n < 1 || !pending[k]) continue;
      await pending[k];
      read(frameOf[k], buffers[k]);
      pending[k] = null;
    }
    const pipelinedMs = performance.now() - t0;
    return {
      blockingFps: (frames * 1000) / blockingMs,
      pipelinedFps: (frames * 1000) / pipelinedMs,
      frames,
      inFlight,
      wrongFrames,
    };
  } finally {
    texture.destroy();
    for (const b of buffers) b.destroy();
  }
}
