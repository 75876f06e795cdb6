// `npm run test:gpu`, compute ([CS-EXEC-1], [CS-UAV-2] in src/core/SPEC.md): the executor's compute passes on Dawn.
// Two programs (src/gpu/executor/compute-programs.ts), each correct and without the UAV barrier between its two
// dependent dispatches, run through the model and the executor; the UAVs the GPU computed are read back from the
// executor and checked value by value (a buffer through root UAVs and root constants, a texture through a descriptor
// table and a root CBV on an upload heap), and each missing-barrier variant must trace the `uav-race` hazard and
// change exactly the part of the result the executor's simulated race tears.
import { LessonExecutor } from '../gpu/executor';
import {
  bufferProgram,
  copyProgram,
  N,
  SIDE,
  textureProgram,
  type ComputeProgram,
} from '../gpu/executor/compute-programs';
import { HeadlessPresenter } from '../gpu/headless';
import { differingPixels, readBufferBytes, readTexturePixels } from '../gpu/readback';

export interface ComputeCheck {
  name: string;
  ok: boolean;
  problems: string[];
  /** What was measured (values, differing elements / pixels). */
  measured: string;
}

async function runOnGpu(device: GPUDevice, p: ComputeProgram) {
  const exec = new LessonExecutor(device);
  const res = await exec.execute(new HeadlessPresenter(device, 'rgba8unorm', 4, 4), p.sys, p.sys.callIndex);
  await device.queue.onSubmittedWorkDone();
  const out: Record<string, Uint8Array> = {};
  for (const [name, r] of Object.entries(p.out)) {
    const g = exec.replayedResource(r.id);
    if (!g) continue;
    out[name] =
      'createView' in g
        ? await readTexturePixels(device, g, 0, 0, g.width, g.height)
        : await readBufferBytes(device, g);
  }
  exec.release();
  return { res, out, hazards: res.hazards.filter((h) => h.kind === 'uav-race').length };
}

const words = (b: Uint8Array | undefined) => (b ? new Uint32Array(b.buffer, b.byteOffset, N) : new Uint32Array(N));

export async function computeChecks(device: GPUDevice): Promise<ComputeCheck[]> {
  const checks: ComputeCheck[] = [];
  const check = (name: string, problems: string[], measured: string) =>
    checks.push({ name, ok: problems.length === 0, problems, measured });
  const common = (r: Awaited<ReturnType<typeof runOnGpu>>, dispatches: number) => {
    const p: string[] = [];
    if (r.res.gpuErrors.length) p.push(`WebGPU errors: ${r.res.gpuErrors.join('; ')}`);
    const ran = r.res.ran.filter((l) => / Dispatch → compute pipeline/.test(l)).length;
    if (ran !== dispatches) p.push(`${ran} compute passes ran, expected ${dispatches}`);
    return p;
  };

  // buffers: U[i] = 3i, then V[i] = U[i] + 1
  const good = await runOnGpu(device, bufferProgram(true, 3));
  const gu = words(good.out.U);
  const gv = words(good.out.V);
  const p1 = common(good, 2);
  for (let i = 0; i < N && p1.length < 4; i++) {
    if (gu[i] !== 3 * i) p1.push(`U[${i}] = ${gu[i]}, expected ${3 * i}`);
    if (gv[i] !== 3 * i + 1) p1.push(`V[${i}] = ${gv[i]}, expected ${3 * i + 1}`);
  }
  if (good.hazards) p1.push(`${good.hazards} uav-race hazards with the barrier`);
  check('buffer-uav correct', p1, `V[1] = ${gv[1]}, V[${N - 1}] = ${gv[N - 1]}`);

  const bad = await runOnGpu(device, bufferProgram(false, 3));
  const bv = words(bad.out.V);
  const p2 = common(bad, 2);
  let differ = 0;
  for (let i = 0; i < N; i++) if (bv[i] !== gv[i]) differ++;
  // the simulated race: dispatch 2 saw the first half of U written, the rest as before dispatch 1 (zeros)
  for (let i = 0; i < N && p2.length < 4; i++) {
    const want = i < N / 2 ? 3 * i + 1 : 1;
    if (bv[i] !== want) p2.push(`V[${i}] = ${bv[i]}, expected ${want} (torn U)`);
  }
  if (bad.hazards !== 1) p2.push(`${bad.hazards} uav-race hazards, expected 1`);
  if (!bad.res.notes.some((n) => n.includes('no UAV barrier') && n.includes('simulated hazard')))
    p2.push('no simulated-hazard note for the racing dispatch');
  check('buffer-uav missing-uav-barrier', p2, `${differ} of ${N} V elements differ from the correct run`);

  // a texture: the gradient, then the left half painted red
  const tGood = await runOnGpu(device, textureProgram(true));
  const tg = tGood.out.T ?? new Uint8Array(SIDE * SIDE * 4);
  const p3 = common(tGood, 2);
  for (let y = 0; y < SIDE && p3.length < 4; y++)
    for (let x = 0; x < SIDE && p3.length < 4; x++) {
      const i = (y * SIDE + x) * 4;
      const want = x < SIDE / 2 ? [255, 0, 0, 255] : [x * 4, y * 4, 128, 255];
      const got = [...tg.subarray(i, i + 4)];
      if (got.some((v, k) => Math.abs(v - want[k]) > 1)) p3.push(`T(${x}, ${y}) = ${got}, expected ${want}`);
    }
  check('texture-uav correct', p3, `T(40, 8) = ${[...tg.subarray((8 * SIDE + 40) * 4, (8 * SIDE + 40) * 4 + 4)]}`);

  const tBad = await runOnGpu(device, textureProgram(false));
  const tb = tBad.out.T ?? new Uint8Array(SIDE * SIDE * 4);
  const p4 = common(tBad, 2);
  const px = differingPixels(tg, tb);
  // torn at half the rows: the lower right quadrant keeps the zeros T held before dispatch 1
  const quadrant = (SIDE / 2) * (SIDE / 2);
  if (px !== quadrant)
    p4.push(`${px} pixels differ from the correct run, expected the ${quadrant} of the lower right quadrant`);
  const i = ((SIDE - 1) * SIDE + SIDE - 1) * 4;
  if (tb[i + 3] !== 0) p4.push(`T(${SIDE - 1}, ${SIDE - 1}) = ${[...tb.subarray(i, i + 4)]}, expected the old zeros`);
  if (tBad.hazards !== 1) p4.push(`${tBad.hazards} uav-race hazards, expected 1`);
  check('texture-uav missing-uav-barrier', p4, `${px} pixels differ from the correct run`);

  // what a dispatch wrote into a buffer, copied into a texture by a later submission (CopyTextureRegion)
  const cp = await runOnGpu(device, copyProgram());
  const ct = cp.out.T ?? new Uint8Array(SIDE * SIDE * 4);
  const p5 = common(cp, 1);
  for (let y = 0; y < SIDE && p5.length < 4; y++)
    for (let x = 0; x < SIDE && p5.length < 4; x++) {
      const k = (y * SIDE + x) * 4;
      const got = [...ct.subarray(k, k + 4)];
      const want = [x * 4, y * 4, 0, 255];
      if (got.some((v, j) => v !== want[j])) p5.push(`T(${x}, ${y}) = ${got}, expected ${want}`);
    }
  if (!cp.res.ran.some((l) => l.includes('CopyTextureRegion') && l.includes('as dispatches left it')))
    p5.push('the copy did not read the buffer the dispatch wrote');
  check('buffer-uav copied to a texture', p5, `T(63, 63) = ${[...ct.subarray(ct.length - 4)]}`);
  return checks;
}
