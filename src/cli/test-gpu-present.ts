// `npm run test:gpu`, present: a swap-chain buffer of the canvas's format and size reaches the presented frame by a
// plain texture copy, any other by the blit (src/gpu/executor/blit.ts), and the two must show the same frame. Checked
// on a texture whose alpha is not 1 (the copy keeps it, the blit writes 1: readPresentedPixels reads both as the
// window shows them, opaque) and on every lesson with a canvas, presented once to an rgba8unorm back buffer and once
// to a bgra8unorm one. `--only present` runs only these.
import { LESSON_LIST } from '../lessons';
import type { LessonEnv } from '../lessons/types';
import { LessonExecutor } from '../gpu/executor';
import { Blitter } from '../gpu/executor/blit';
import { HeadlessPresenter } from '../gpu/headless';
import { differingPixels, readPresentedPixels, readTexturePixels } from '../gpu/readback';
import type { ComputeCheck } from './test-gpu-compute';

const SIDE = 8;
const ALPHA = 64;

/** An rgba8unorm texture with a gradient and alpha 64: what a swap-chain buffer holds after a translucent clear. */
function source(device: GPUDevice): { tex: GPUTexture; bytes: Uint8Array } {
  const bytes = new Uint8Array(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) bytes.set([x * 30, y * 30, 77, ALPHA], (y * SIDE + x) * 4);
  const tex = device.createTexture({
    size: { width: SIDE, height: SIDE },
    format: 'rgba8unorm',
    usage: GPUTextureUsage.COPY_SRC | GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING,
  });
  device.queue.writeTexture({ texture: tex }, bytes, { bytesPerRow: SIDE * 4 }, { width: SIDE, height: SIDE });
  return { tex, bytes };
}

async function blitterCheck(device: GPUDevice): Promise<ComputeCheck> {
  const problems: string[] = [];
  const { tex, bytes } = source(device);
  const blitter = new Blitter(device);
  const to = (format: GPUTextureFormat, side: number) => {
    const dst = new HeadlessPresenter(device, format, side, side).createBackBuffer(`${format} ${side}`);
    return { dst, how: blitter.present(tex, dst) };
  };
  const same = to('rgba8unorm', SIDE);
  const otherFormat = to('bgra8unorm', SIDE);
  const otherSize = to('rgba8unorm', SIDE * 2);
  if (same.how !== 'copy') problems.push(`same format and size: presented by ${same.how}, expected copy`);
  if (otherFormat.how !== 'blit')
    problems.push(`bgra8unorm back buffer: presented by ${otherFormat.how}, expected blit`);
  if (otherSize.how !== 'blit') problems.push(`a larger back buffer: presented by ${otherSize.how}, expected blit`);
  const kept = await readTexturePixels(device, same.dst, 0, 0, SIDE, SIDE);
  const shown = await readPresentedPixels(device, same.dst, 0, 0, SIDE, SIDE);
  const blitted = await readPresentedPixels(device, otherFormat.dst, 0, 0, SIDE, SIDE);
  const corner = await readPresentedPixels(device, otherSize.dst, 0, 0, SIDE, SIDE);
  const expected = bytes.map((v, i) => (i % 4 === 3 ? 255 : v));
  // the copy really kept the buffer's alpha, so it is readPresentedPixels that makes the frame read opaque
  if (kept[3] !== ALPHA) problems.push(`the copy's alpha reads ${kept[3]}, expected the buffer's ${ALPHA}`);
  if (differingPixels(shown, expected) > 0) problems.push('the copied frame does not read as the buffer, opaque');
  if (differingPixels(blitted, shown) > 0) problems.push('the blitted frame differs from the copied one');
  // a larger window shows the buffer in its top-left corner (the blit clamps to the buffer's edge beyond it)
  if (differingPixels(corner, shown) > 0) problems.push("the larger window's top-left corner differs from the buffer");
  for (const t of [tex, same.dst, otherFormat.dst, otherSize.dst]) t.destroy();
  return {
    name: 'a copy and the blit present the same frame',
    ok: problems.length === 0,
    problems,
    measured: `copy / blit / blit; pixel (1,1): buffer ${[...bytes.subarray(36, 40)]}, copy reads ${[...kept.subarray(36, 40)]}, presented ${[...shown.subarray(36, 40)]}`,
  };
}

async function lessonsCheck(device: GPUDevice, env: LessonEnv): Promise<ComputeCheck> {
  const problems: string[] = [];
  const size = env.width;
  const ways = { copy: 0, blit: 0 };
  for (const def of LESSON_LIST) {
    if (!def.canvas) continue;
    const run = def.run(env);
    const side = def.canvasSize ? def.canvasSize(env) : size;
    const frames: Uint8Array[] = [];
    for (const format of ['rgba8unorm', 'bgra8unorm'] as const) {
      const presenter = new HeadlessPresenter(device, format, side, side);
      const exec = new LessonExecutor(device);
      const res = await exec.execute(presenter, run.sys, def.gradeAt ? def.gradeAt(run) : run.sys.callIndex);
      const how = res.ran.find((l) => / Present → /.test(l))?.match(/Present → (copy|blit)/)?.[1];
      if (how === 'copy' || how === 'blit') ways[how]++;
      if (format === 'bgra8unorm' && how !== 'blit')
        problems.push(`${def.entry.id} to bgra8unorm: ${how ?? 'no present'}`);
      if (presenter.presented) frames.push(await readPresentedPixels(device, presenter.presented, 0, 0, side, side));
      exec.release();
      presenter.presented?.destroy();
    }
    if (frames.length === 2 && differingPixels(frames[0], frames[1]) > 0)
      problems.push(
        `${def.entry.id}: ${differingPixels(frames[0], frames[1])} px differ between rgba8unorm and bgra8unorm`,
      );
  }
  // lessons' swap chains are R8G8B8A8_UNORM: some must have gone by copy, or the copy path was not exercised
  if (ways.copy === 0) problems.push('no lesson was presented by a copy');
  return {
    name: 'every lesson presents the same frame by copy and by blit',
    ok: problems.length === 0,
    problems,
    measured: `${ways.copy} presents by copy, ${ways.blit} by blit`,
  };
}

/** `env`: the lessons' correct runs as the harness makes them (test-gpu.ts Harness.env). */
export async function presentChecks(device: GPUDevice, env: LessonEnv): Promise<ComputeCheck[]> {
  return [await blitterCheck(device), await lessonsCheck(device, env)];
}
