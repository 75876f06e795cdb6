// `npm run test:gpu`, MSAA ([MSAA-EXEC-1] in src/core/SPEC.md): the executor's multisampled render targets and resolves
// on Dawn. The program (src/gpu/executor/msaa-programs.ts) draws a white triangle with slanted edges on black into a
// 4× target and resolves it into a texture cleared blue; its single-sampled run (the same draw straight into a 1×
// target) is the reference. Read back from the executor, the resolved edge pixels must hold intermediate coverage
// values (a quarter, half, three quarters of white), the pixels away from edges must equal the reference's, and the
// covered area must match it; each bug-like variant (no resolve, the resolve before the draw, a PSO whose sample count
// is not the target's) must change the result measurably; ResolveSubresourceRegion's rectangle, offset and MIN / MAX
// modes, 2× and 8× targets (run at 4 samples, with a note) and clear rectangles on a multisampled target are checked
// too. `--only msaa` runs only these.
import * as D from '../core';
import { LessonExecutor, type ExecResult } from '../gpu/executor';
import { msaaProgram, SIDE, type MsaaOptions } from '../gpu/executor/msaa-programs';
import { HeadlessPresenter } from '../gpu/headless';
import { differingPixels, readTexturePixels } from '../gpu/readback';
import type { ComputeCheck } from './test-gpu-compute';

async function runOnGpu(device: GPUDevice, o: MsaaOptions): Promise<{ res: ExecResult; px: Uint8Array }> {
  const p = msaaProgram(o);
  const exec = new LessonExecutor(device);
  const res = await exec.execute(new HeadlessPresenter(device, 'rgba8unorm', 4, 4), p.sys, p.sys.callIndex);
  await device.queue.onSubmittedWorkDone();
  const g = exec.replayedResource((p.resolved ?? p.target).id);
  const px =
    g && 'createView' in g ? await readTexturePixels(device, g, 0, 0, SIDE, SIDE) : new Uint8Array(SIDE * SIDE * 4);
  exec.release();
  return { res, px };
}

const at = (px: Uint8Array, x: number, y: number) => [...px.subarray((y * SIDE + x) * 4, (y * SIDE + x) * 4 + 4)];
const red = (px: Uint8Array, x: number, y: number) => px[(y * SIDE + x) * 4];
/** Pixels whose red channel is neither 0 nor 255 (partly covered, once resolved). */
const partial = (px: Uint8Array) => {
  let n = 0;
  for (let k = 0; k < SIDE * SIDE; k++) if (px[k * 4] !== 0 && px[k * 4] !== 255) n++;
  return n;
};
/** Covered area in pixels: the red channel summed, in units of full coverage. */
const area = (px: Uint8Array) => {
  let s = 0;
  for (let k = 0; k < SIDE * SIDE; k++) s += px[k * 4] / 255;
  return s;
};
/** Pixels whose 3 × 3 neighbourhood in the reference is uniform (all covered or all not): away from the edges. */
function interior(ref: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 1; y < SIDE - 1; y++)
    for (let x = 1; x < SIDE - 1; x++) {
      const v = red(ref, x, y);
      let same = true;
      for (let dy = -1; dy <= 1 && same; dy++)
        for (let dx = -1; dx <= 1 && same; dx++) same = red(ref, x + dx, y + dy) === v;
      if (same) out.push([x, y]);
    }
  return out;
}
const uniform = (px: Uint8Array, rgba: number[]) => {
  let n = 0;
  for (let k = 0; k < SIDE * SIDE; k++) if (rgba.every((v, c) => px[k * 4 + c] === v)) n++;
  return n;
};
const errorsOf = (r: ExecResult) => (r.gpuErrors.length ? [`WebGPU errors: ${r.gpuErrors.join('; ')}`] : []);

export async function msaaChecks(device: GPUDevice): Promise<ComputeCheck[]> {
  const checks: ComputeCheck[] = [];
  const check = (name: string, problems: string[], measured: string) =>
    checks.push({ name, ok: problems.length === 0, problems, measured });

  // the single-sampled reference: every pixel fully covered or not at all
  const ref = await runOnGpu(device, { samples: 1 });
  const p0 = errorsOf(ref.res);
  if (partial(ref.px)) p0.push(`${partial(ref.px)} partly covered pixels without MSAA`);
  if (area(ref.px) < 500) p0.push(`only ${area(ref.px)} pixels covered`);
  check('single-sampled reference', p0, `${Math.round(area(ref.px))} pixels covered`);

  // 4×, ResolveSubresource: a render pass resolve
  const ms = await runOnGpu(device, { samples: 4 });
  const p1 = errorsOf(ms.res);
  if (!ms.res.ran.some((l) => l.includes('ResolveSubresource → beginRenderPass') && l.includes('resolveTarget')))
    p1.push('the resolve did not run as a resolveTarget pass');
  if (!ms.res.ran.some((l) => / DrawInstanced → .*\(4 samples\)/.test(l))) p1.push('the draw was not 4-sampled');
  const edges = partial(ms.px);
  if (edges < 40) p1.push(`${edges} pixels hold intermediate coverage, expected at least 40 along three edges`);
  const levels = new Set<number>();
  for (let k = 0; k < SIDE * SIDE; k++) if (ms.px[k * 4] % 255) levels.add(ms.px[k * 4]);
  for (const v of levels)
    if (![64, 128, 191].some((q) => Math.abs(v - q) <= 1)) p1.push(`coverage value ${v} is not k/4 of 255`);
  const inner = interior(ref.px);
  let innerDiff = 0;
  for (const [x, y] of inner) if (at(ms.px, x, y).some((v, c) => v !== at(ref.px, x, y)[c])) innerDiff++;
  if (innerDiff) p1.push(`${innerDiff} of ${inner.length} pixels away from the edges differ from the reference`);
  const dArea = Math.abs(area(ms.px) - area(ref.px)) / area(ref.px);
  if (dArea > 0.03) p1.push(`covered area ${area(ms.px).toFixed(1)} vs ${area(ref.px).toFixed(1)} single-sampled`);
  if (uniform(ms.px, [0, 0, 255, 255])) p1.push('blue clear pixels left in the destination');
  check(
    '4x ResolveSubresource',
    p1,
    `${edges} edge pixels at coverage ${[...levels].sort((a, b) => a - b).join('/')}, ${inner.length - innerDiff}/${inner.length} interior pixels equal the 1x run, area ${area(ms.px).toFixed(1)} vs ${area(ref.px).toFixed(1)}`,
  );

  // bug-like: no resolve (the destination keeps its blue clear), the resolve before the draw (the black clear)
  const none = await runOnGpu(device, { samples: 4, variant: 'no-resolve' });
  const p2 = errorsOf(none.res);
  if (uniform(none.px, [0, 0, 255, 255]) !== SIDE * SIDE) p2.push('the destination is not all its blue clear colour');
  const d2 = differingPixels(ms.px, none.px);
  if (d2 !== SIDE * SIDE) p2.push(`${d2} pixels differ from the correct run, expected all ${SIDE * SIDE}`);
  check('4x no resolve', p2, `${d2} pixels differ from the correct run (all blue)`);

  const early = await runOnGpu(device, { samples: 4, variant: 'resolve-before-draw' });
  const p3 = errorsOf(early.res);
  if (uniform(early.px, [0, 0, 0, 255]) !== SIDE * SIDE) p3.push('the destination is not all the black clear');
  const d3 = differingPixels(ms.px, early.px);
  const lit = SIDE * SIDE - uniform(ms.px, [0, 0, 0, 255]);
  if (d3 !== lit) p3.push(`${d3} pixels differ from the correct run, expected its ${lit} non-black pixels`);
  check('4x resolve before the draw', p3, `${d3} pixels differ from the correct run (no triangle)`);

  // [MSAA-3] CopyResource where the resolve belongs: Close fails, the runtime drops the list, the destination never
  // gets a pixel (the executor never even made it)
  const copy = await runOnGpu(device, { samples: 4, variant: 'copy-resource' });
  const p7 = errorsOf(copy.res);
  if (!copy.res.notes.some((n) => n.includes('dropped by the runtime')))
    p7.push('no note that the runtime dropped the list');
  const litCopy = SIDE * SIDE - uniform(copy.px, [0, 0, 0, 0]);
  if (litCopy) p7.push(`${litCopy} destination pixels hold something`);
  check(
    '4x CopyResource instead of a resolve',
    p7,
    `${differingPixels(ms.px, copy.px)} pixels differ from the correct run (the list was dropped)`,
  );

  // a custom resolve: a second draw reads the 4x target through a Texture2DMS SRV and averages its samples
  const load = await runOnGpu(device, { samples: 4, variant: 'shader-load' });
  const p9 = errorsOf(load.res);
  let far = 0;
  for (let k = 0; k < SIDE * SIDE * 4; k++) if (Math.abs(load.px[k] - ms.px[k]) > 1) far++;
  if (far) p9.push(`${far} channel values differ by more than 1 from ResolveSubresource's`);
  if (partial(load.px) !== edges) p9.push(`${partial(load.px)} edge pixels, ResolveSubresource gave ${edges}`);
  check(
    '4x Texture2DMS SRV (custom resolve in a pixel shader)',
    p9,
    `${partial(load.px)} edge pixels; ${differingPixels(ms.px, load.px)} pixels differ from ResolveSubresource's (none by more than 1)`,
  );

  // sRGB: TYPELESS resources viewed and resolved as _UNORM_SRGB average in linear light and store encoded values
  const srgb = await runOnGpu(device, { samples: 4, srgb: true });
  const p8 = errorsOf(srgb.res);
  if (!srgb.res.ran.some((l) => l.includes('shader resolve (AVERAGE') && l.includes('format rgba8unorm-srgb')))
    p8.push('the resolve did not run as a shader resolve of rgba8unorm-srgb views');
  const enc = (c: number) => Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  const want = [0.25, 0.5, 0.75].map(enc);
  const seen = new Set<number>();
  let off = 0;
  for (let k = 0; k < SIDE * SIDE; k++) {
    const v = srgb.px[k * 4];
    const u = ms.px[k * 4];
    if (u % 255 === 0) {
      if (v !== u) off++;
      continue;
    }
    seen.add(v);
    // the UNORM run's coverage (64/128/191) encoded: the same pixels, the same coverage, in sRGB
    if (Math.abs(v - enc(u / 255)) > 1) off++;
  }
  if (off) p8.push(`${off} pixels are not the UNORM run's coverage sRGB-encoded (${want.join('/')})`);
  if (![...seen].some((v) => Math.abs(v - want[1]) <= 1)) p8.push(`no half-covered pixel at ${want[1]}`);
  check(
    '4x sRGB resolve (TYPELESS, _SRGB views)',
    p8,
    `edge values ${[...seen].sort((a, b) => a - b).join('/')} (UNORM run: 64/128/191), ${differingPixels(ms.px, srgb.px)} pixels differ from it`,
  );

  // [MSAA-2] a 1-sample PSO drawing into the 4x target: not drawn, with a note
  const mism = await runOnGpu(device, { samples: 4, psoSamples: 1 });
  const p4 = errorsOf(mism.res);
  if (!mism.res.notes.some((n) => n.includes('RENDER_TARGET_SAMPLE_DESC_MISMATCH_PIPELINE_STATE')))
    p4.push('no note for the sample-count mismatch');
  if (uniform(mism.px, [0, 0, 0, 255]) !== SIDE * SIDE) p4.push('something was drawn');
  check('4x target, 1x PSO', p4, `${differingPixels(ms.px, mism.px)} pixels differ from the correct run`);

  // 2× and 8×: run at 4 samples, said in a note; the same pixels as 4×
  for (const samples of [2, 8]) {
    const r = await runOnGpu(device, { samples });
    const p = errorsOf(r.res);
    if (
      !r.res.notes.some((n) => n.includes(`SampleDesc.Count ${samples}`) && n.includes('rendered and resolved with 4'))
    )
      p.push(`no note that ${samples}x runs at 4 samples`);
    const d = differingPixels(ms.px, r.px);
    if (d) p.push(`${d} pixels differ from the 4x run`);
    check(`${samples}x (runs at 4)`, p, `${d} pixels differ from the 4x run; ${partial(r.px)} edge pixels`);
  }

  // ResolveSubresourceRegion: the left half of the source to the right half of the destination, in each mode
  const half = { left: 0, top: 0, right: SIDE / 2, bottom: SIDE };
  const region = (mode: number) =>
    runOnGpu(device, { samples: 4, region: { rect: half, dstX: SIDE / 2, dstY: 0, mode } });
  const avg = await region(D.D3D12_RESOLVE_MODE_AVERAGE);
  const min = await region(D.D3D12_RESOLVE_MODE_MIN);
  const max = await region(D.D3D12_RESOLVE_MODE_MAX);
  const p5 = [...errorsOf(avg.res), ...errorsOf(min.res), ...errorsOf(max.res)];
  if (!avg.res.ran.some((l) => l.includes('shader resolve (AVERAGE of 4 samples')))
    p5.push('the region resolve did not run as a shader resolve');
  let moved = 0;
  let blueLeft = 0;
  let ordered = 0;
  let minZero = 0;
  let maxFull = 0;
  let partialSrc = 0;
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      if (x < SIDE / 2) {
        if ([avg, min, max].every((r) => at(r.px, x, y).join() === '0,0,255,255')) blueLeft++;
        continue;
      }
      const want = red(ms.px, x - SIDE / 2, y);
      if (Math.abs(red(avg.px, x, y) - want) <= 1) moved++;
      if (red(min.px, x, y) <= red(avg.px, x, y) && red(avg.px, x, y) <= red(max.px, x, y)) ordered++;
      if (want % 255) {
        partialSrc++;
        if (red(min.px, x, y) === 0) minZero++;
        if (red(max.px, x, y) === 255) maxFull++;
      }
    }
  const halfPx = (SIDE * SIDE) / 2;
  if (blueLeft !== halfPx) p5.push(`${halfPx - blueLeft} pixels left of DstX changed (outside the region)`);
  if (moved !== halfPx) p5.push(`${halfPx - moved} AVERAGE pixels differ from the source's left half resolved`);
  if (ordered !== halfPx) p5.push(`${halfPx - ordered} pixels where MIN <= AVERAGE <= MAX fails`);
  if (!partialSrc || minZero !== partialSrc || maxFull !== partialSrc)
    p5.push(`edge pixels: MIN 0 at ${minZero}, MAX 255 at ${maxFull}, of ${partialSrc}`);
  check(
    'ResolveSubresourceRegion (rect, offset, AVERAGE/MIN/MAX)',
    p5,
    `${moved}/${halfPx} pixels moved by (${SIDE / 2}, 0); at ${partialSrc} edge pixels MIN is 0 at ${minZero} and MAX 255 at ${maxFull}; ${differingPixels(min.px, max.px)} pixels differ between MIN and MAX`,
  );

  // ClearRenderTargetView with a rectangle on the 4x target after the draw: every sample in it green
  const rect = { left: 8, top: 8, right: 24, bottom: 40 };
  const cr = await runOnGpu(device, { samples: 4, clearRects: [rect] });
  const p6 = errorsOf(cr.res);
  let inGreen = 0;
  let outSame = 0;
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const inside = x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom;
      if (inside && at(cr.px, x, y).join() === '0,255,0,255') inGreen++;
      if (!inside && at(cr.px, x, y).join() === at(ms.px, x, y).join()) outSame++;
    }
  const rectPx = (rect.right - rect.left) * (rect.bottom - rect.top);
  if (inGreen !== rectPx) p6.push(`${rectPx - inGreen} pixels of the rectangle not green`);
  if (outSame !== SIDE * SIDE - rectPx) p6.push(`${SIDE * SIDE - rectPx - outSame} pixels outside it changed`);
  check('4x clear rectangle', p6, `${inGreen}/${rectPx} pixels green, ${outSame} outside as without it`);
  return checks;
}
