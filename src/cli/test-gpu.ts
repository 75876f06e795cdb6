// `npm run test:gpu`: every live lesson, its correct run and each bug variant, through the model and the executor on
// a Dawn device (the `webgpu` package: WebGPU for Node), with back buffers in the adapter's preferred canvas format.
// Each frame is read back and graded by the lesson's own check (checkLesson), and each bug is held to the browser
// suite's rules (e2e/helpers.ts): the check fails below "correct", its debug-layer messages are there, and a bug
// marked visible changes more than 20 pixels of the frame. Writes a JSON report (adapter, driver, preferred format,
// per lesson × variant: check, pixel hash, executor time) and ends with `N passed, N failed`. No lesson dispatches
// compute work yet, so the executor's compute passes are checked by their own programs (test-gpu-compute.ts), counted
// in the same total (`--only compute` runs only those); so are the executor's MSAA targets and resolves
// (test-gpu-msaa.ts, `--only msaa`).
// Here it runs on SwiftShader's Vulkan (test-gpu.mjs sets that up); on a real GPU it runs bundled (gpu-carry.mjs).
// The command line and the report's types are in test-gpu-report.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { arch, platform, release } from 'node:os';
import { create, globals } from 'webgpu';
import { LESSON_LIST } from '../lessons';
import { checkLesson } from '../lessons/runner';
import type { CheckReport, LessonDef, LessonEnv, LessonRun, PixelReader } from '../lessons/types';
import { LessonExecutor, type ExecResult } from '../gpu/executor';
import { HeadlessPresenter } from '../gpu/headless';
import { describeAdapter, type AdapterFacts } from '../gpu/host';
import { differingPixels, readPresentedPixels } from '../gpu/readback';
import { compareFrames, pngBase64 } from './gpu-frames';
import { computeChecks, type ComputeCheck } from './test-gpu-compute';
import { msaaChecks } from './test-gpu-msaa';
import { errorChecks } from './test-gpu-errors';
import { presentChecks } from './test-gpu-present';
import { parseArgs, type LessonResult, type Options, type VariantResult } from './test-gpu-report';

export type { LessonResult, VariantResult };

/** The lesson page's canvas (LessonView's SIZE). */
const SIZE = 64;
/** e2e: `expect(differingPixels(reference, buggy)).toBeGreaterThan(20)`. */
const VISIBLE_MIN_PIXELS = 20;
const LEVELS = ['none', 'builds', 'runs', 'correct'];

const hash = (px: Uint8Array) => createHash('sha256').update(px).digest('hex').slice(0, 16);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

class Harness {
  readonly presenter: HeadlessPresenter;
  constructor(
    readonly device: GPUDevice,
    readonly adapter: AdapterFacts,
  ) {
    this.presenter = new HeadlessPresenter(device, adapter.preferredCanvasFormat as GPUTextureFormat, SIZE, SIZE);
  }

  env(bugs: string[]): LessonEnv {
    const a = this.adapter;
    // as LessonView builds it, with the page's debug-layer switch on (?debug=1, as the browser suite opens lessons)
    return {
      debugLayer: true,
      bugs: new Set(bugs),
      width: SIZE,
      height: SIZE,
      liveAdapter: { description: a.description || a.device, vendor: a.vendor, maxBufferSize: a.limits.maxBufferSize },
    };
  }

  /** run → execute to the last call → read the frame back → check: useLessonCanvas's sequence, without a canvas. */
  async variant(
    def: LessonDef,
    bugs: string[],
  ): Promise<{
    run: LessonRun;
    exec: LessonExecutor;
    res: ExecResult;
    frame: Uint8Array;
    report: CheckReport;
    execMs: number;
  }> {
    const env = this.env(bugs);
    const run = def.run(env);
    // a lesson that resizes its window (lesson 22) has a canvas of that size: present and read back at it
    const size = def.canvasSize ? def.canvasSize(env) : SIZE;
    const presenter =
      size === SIZE ? this.presenter : new HeadlessPresenter(this.device, this.presenter.format, size, size);
    // a fresh executor for each run (the pipeline and sampler caches are the device's, shared as on the page)
    const exec = new LessonExecutor(this.device);
    const t0 = performance.now();
    // the frame the page grades: the last call's, or the fixed frame an animated lesson names (LessonDef.gradeAt)
    const res = await exec.execute(presenter, run.sys, def.gradeAt ? def.gradeAt(run) : run.sys.callIndex);
    await this.device.queue.onSubmittedWorkDone();
    const execMs = performance.now() - t0;
    const tex = presenter.presented;
    if (!tex) throw new Error('the executor presented nothing');
    const frame = await readPresentedPixels(this.device, tex, 0, 0, size, size);
    const pixels: PixelReader = async (x, y) => {
      const i = (y * size + x) * 4;
      return [frame[i], frame[i + 1], frame[i + 2], frame[i + 3]];
    };
    const report = await checkLesson(def, run, def.canvas ? pixels : null, env);
    return { run, exec, res, frame, report, execMs };
  }

  async lesson(def: LessonDef, repeat: number, frames: Map<string, Uint8Array>): Promise<LessonResult> {
    const key = (v: string) => `${def.entry.id}-${def.entry.slug}/${v}`;
    const out: LessonResult = { id: def.entry.id, slug: def.entry.slug, canvas: def.canvas, variants: [] };

    const correct = await this.variant(def, []);
    frames.set(key('correct'), correct.frame);
    const problems: string[] = [];
    if (correct.report.status !== 'pass' || correct.report.level !== 'correct')
      problems.push(`check ${correct.report.status} at "${correct.report.level}", expected pass at "correct"`);
    if (correct.res.gpuErrors.length) problems.push(`WebGPU errors: ${correct.res.gpuErrors.join('; ')}`);
    problems.push(...(await this.incrementalMatchesFresh(def, correct.run)));
    out.variants.push(this.result('correct', 'pass', correct, problems));

    for (const bug of def.bugs) {
      const b = await this.variant(def, [bug.id]);
      frames.set(key(bug.id), b.frame);
      const p: string[] = [];
      if (b.report.status !== 'fail' || LEVELS.indexOf(b.report.level) >= LEVELS.indexOf('correct'))
        p.push(`check ${b.report.status} at "${b.report.level}", expected fail below "correct"`);
      const ids = new Set(b.run.sys.messages.map((m) => m.id));
      for (const m of bug.messages) if (!ids.has(m)) p.push(`debug-layer message ${m} missing`);
      const diff = differingPixels(correct.frame, b.frame);
      if (bug.visible && def.canvas && diff <= VISIBLE_MIN_PIXELS)
        p.push(`marked visible, but only ${diff} pixels differ from the correct run (needs > ${VISIBLE_MIN_PIXELS})`);
      out.variants.push({ ...this.result(bug.id, 'fail', b, p), differingFromCorrect: diff });
    }

    if (def.canvas && repeat > 0) {
      // the correct run's frame again on its now-warm executor (pipelines cached): the executor's steady cost per frame
      const { run, exec } = correct;
      const times: number[] = [];
      for (let k = 0; k < repeat; k++) {
        exec.release(); // a whole replay each time (same cursor would otherwise replay nothing), caches warm
        const t0 = performance.now();
        await exec.execute(this.presenter, run.sys, run.sys.callIndex);
        await this.device.queue.onSubmittedWorkDone();
        times.push(performance.now() - t0);
      }
      const m = median(times);
      out.warm = {
        runs: repeat,
        medianMs: round(m),
        minMs: round(Math.min(...times)),
        framesPerSecond: Math.round(1000 / m),
      };
    }
    return out;
  }

  /**
   * An animated lesson (def.frames) played forward on one executor, which replays only what is new at each frame
   * (executor.ts), shows and reports at every frame exactly what a fresh executor replaying from the start does.
   */
  private async incrementalMatchesFresh(def: LessonDef, run: LessonRun): Promise<string[]> {
    if (!def.canvas || !def.frames) return [];
    const size = def.canvasSize ? def.canvasSize(this.env([])) : SIZE;
    const p = () => new HeadlessPresenter(this.device, this.presenter.format, size, size);
    const playing = new LessonExecutor(this.device);
    const pa = p();
    const out: string[] = [];
    for (const cursor of def.frames(run)) {
      const a = await playing.execute(pa, run.sys, cursor);
      const fresh = new LessonExecutor(this.device);
      const pb = p();
      const b = await fresh.execute(pb, run.sys, cursor);
      fresh.release();
      const fa = await readPresentedPixels(this.device, pa.presented!, 0, 0, size, size);
      const fb = await readPresentedPixels(this.device, pb.presented!, 0, 0, size, size);
      pb.presented?.destroy();
      const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
      if (differingPixels(fa, fb) > 0)
        out.push(`frame at call ${cursor}: played forward, the pixels differ from a fresh replay`);
      else if (!same(a, b)) out.push(`frame at call ${cursor}: played forward, the report differs from a fresh replay`);
      if (out.length) break;
    }
    playing.release();
    pa.presented?.destroy();
    return out;
  }

  private result(
    variant: string,
    expected: 'pass' | 'fail',
    v: { res: ExecResult; frame: Uint8Array; report: CheckReport; execMs: number },
    problems: string[],
  ): VariantResult {
    return {
      variant,
      expected,
      status: v.report.status,
      level: v.report.level,
      ok: problems.length === 0,
      problems,
      failingItems: v.report.items
        .filter((i) => !i.ok)
        .map((i) => `${i.level}: ${i.what.en} — expected ${i.expected}, got ${i.got}`),
      pixelHash: hash(v.frame),
      execMs: round(v.execMs),
      presentedAt: v.res.presentedAt,
      gpuErrors: v.res.gpuErrors,
      hazards: v.res.hazards.length,
    };
  }
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

export async function main(argv: string[]): Promise<number> {
  let o: Options;
  try {
    o = parseArgs(argv);
  } catch (e) {
    console.error(`test:gpu: ${e instanceof Error ? e.message : String(e)}`);
    console.log('0 passed, 1 failed');
    return 2;
  }
  Object.assign(globalThis, globals);
  const gpu = create([]);
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) {
    console.error('test:gpu: Dawn found no WebGPU adapter (no Vulkan driver: see test-gpu.mjs for the ICD it uses)');
    console.log('0 passed, 1 failed');
    return 1;
  }
  const facts = describeAdapter(adapter, gpu);
  const device = await adapter.requestDevice();
  let lost = '';
  void device.lost.then((info) => {
    lost = `${info.reason}: ${info.message}`;
  });
  console.log(
    `adapter: ${facts.vendor} ${facts.architecture} ${facts.device} — ${facts.description}; preferred canvas format ${facts.preferredCanvasFormat}`,
  );

  const h = new Harness(device, facts);
  const frames = new Map<string, Uint8Array>();
  const lessons: LessonResult[] = [];
  const t0 = performance.now();
  for (const def of LESSON_LIST) {
    if (o.only.length && !o.only.includes(def.entry.id)) continue;
    let r: LessonResult;
    try {
      r = await h.lesson(def, o.repeat, frames);
    } catch (e) {
      r = {
        id: def.entry.id,
        slug: def.entry.slug,
        canvas: def.canvas,
        variants: [
          {
            variant: 'correct',
            expected: 'pass',
            status: 'fail',
            level: 'none',
            ok: false,
            problems: [`harness error: ${e instanceof Error ? e.stack : String(e)}`],
            failingItems: [],
            pixelHash: '',
            execMs: 0,
            presentedAt: -1,
            gpuErrors: [],
            hazards: 0,
          },
        ],
      };
    }
    lessons.push(r);
    for (const v of r.variants) {
      const where = v.variant === 'correct' ? 'correct' : `bug ${v.variant}`;
      console.log(
        `${v.ok ? '✓' : '✗'} ${r.id}-${r.slug} ${where}: ${v.status} at ${v.level}, ${v.execMs.toFixed(1)} ms, frame ${v.pixelHash}${v.differingFromCorrect !== undefined ? `, ${v.differingFromCorrect} px differ from correct` : ''}`,
      );
      for (const p of v.problems) console.log(`    ${p}`);
    }
  }
  // [CS-EXEC-1] the executor's compute passes (no lesson dispatches yet): `--only compute` runs only these
  let compute: ComputeCheck[] = [];
  if (!o.only.length || o.only.includes('compute')) {
    try {
      compute = await computeChecks(device);
    } catch (e) {
      compute = [{ name: 'harness', ok: false, problems: [String(e instanceof Error ? e.stack : e)], measured: '' }];
    }
  }
  // a WebGPU error mid-frame is still named on its command (test-gpu-errors.ts): `--only errors` runs only this
  if (!o.only.length || o.only.includes('errors')) {
    try {
      compute.push(...(await errorChecks(device)));
    } catch (e) {
      compute.push({ name: 'errors', ok: false, problems: [String(e instanceof Error ? e.stack : e)], measured: '' });
    }
  }
  // a buffer of the canvas's format and size is presented by a copy, any other by the blit: the same frame either way
  if (!o.only.length || o.only.includes('present')) {
    try {
      compute.push(...(await presentChecks(device, h.env([]))));
    } catch (e) {
      compute.push({ name: 'present', ok: false, problems: [String(e instanceof Error ? e.stack : e)], measured: '' });
    }
  }
  for (const c of compute) {
    console.log(`${c.ok ? '✓' : '✗'} compute ${c.name}: ${c.measured}`);
    for (const p of c.problems) console.log(`    ${p}`);
  }
  // [MSAA-EXEC-1] the executor's MSAA targets and resolves (no lesson draws multisampled): `--only msaa`
  let msaa: ComputeCheck[] = [];
  if (!o.only.length || o.only.includes('msaa')) {
    try {
      msaa = await msaaChecks(device);
    } catch (e) {
      msaa = [{ name: 'harness', ok: false, problems: [String(e instanceof Error ? e.stack : e)], measured: '' }];
    }
    for (const c of msaa) {
      console.log(`${c.ok ? '✓' : '✗'} msaa ${c.name}: ${c.measured}`);
      for (const p of c.problems) console.log(`    ${p}`);
    }
  }
  const wallMs = performance.now() - t0;
  if (lost) console.log(`device lost: ${lost}`);

  const all = lessons.flatMap((l) => l.variants);
  const programs = [...compute, ...msaa];
  const passed = all.filter((v) => v.ok).length + programs.filter((c) => c.ok).length;
  // a lost device, or a run that ran nothing (a bad --only), is a failure too
  const failed = all.length + programs.length - passed + (lost ? 1 : 0) + (all.length + programs.length === 0 ? 1 : 0);
  const execTimes = all.map((v) => v.execMs);
  const report = {
    tool: 'npm run test:gpu (src/cli/test-gpu.ts)',
    label: o.label || undefined,
    date: new Date().toISOString(),
    host: { platform: platform(), arch: arch(), kernel: release(), node: process.version },
    dawn: 'webgpu (npm) — Dawn for Node',
    adapter: {
      vendor: facts.vendor,
      architecture: facts.architecture,
      device: facts.device,
      /** Dawn's adapter description: on Vulkan, the driver's name and version. */
      description: facts.description,
      isFallbackAdapter: facts.isFallbackAdapter,
      preferredCanvasFormat: facts.preferredCanvasFormat,
      limits: facts.limits,
    },
    backBufferFormat: h.presenter.format,
    frameSize: [SIZE, SIZE],
    deviceLost: lost || null,
    summary: {
      passed,
      failed,
      lessons: lessons.length,
      variants: all.length,
      wallMs: round(wallMs),
      execMs: {
        total: round(execTimes.reduce((a, b) => a + b, 0)),
        median: round(median(execTimes) ?? 0),
        max: round(Math.max(0, ...execTimes)),
      },
    },
    // lesson 21 (frame ring) is the syllabus's frames-per-second lesson: its warm replay rate is in its lesson entry
    lesson21: LESSON_LIST.some((l) => l.entry.id === '21')
      ? 'see lessons'
      : 'not live yet: no frames-per-second figure',
    lessons,
    compute,
    msaa,
    comparison: o.compare ? compareFrames(frames, o.compare, o.diffDir) : undefined,
  };
  mkdirSync(dirname(o.report) || '.', { recursive: true });
  writeFileSync(o.report, `${JSON.stringify(report, null, 2)}\n`);
  if (o.frames) {
    mkdirSync(dirname(o.frames) || '.', { recursive: true });
    const label = o.label || `${facts.vendor} ${facts.description}`.trim();
    writeFileSync(
      o.frames,
      `${JSON.stringify({ label, format: 'base64 PNG, RGBA, as read back', frames: Object.fromEntries([...frames].map(([k, v]) => [k, pngBase64(v)])) }, null, 1)}\n`,
    );
  }
  if (report.comparison) {
    const c = report.comparison;
    console.log(
      `\nframes against ${c.with}: ${c.identical.length} identical, ${c.withinRounding.length} within rounding, ${c.differing.length} differing${c.missing.length ? `, ${c.missing.length} not in the other run` : ''}`,
    );
    for (const d of c.differing) console.log(`  ${d.frame}: ${d.pixels} pixels differ`);
  }
  console.log(
    `\nreport: ${o.report}${o.frames ? `, frames: ${o.frames}` : ''}; executor ${report.summary.execMs.total.toFixed(1)} ms in all over ${all.length} runs`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  device.destroy();
  return failed ? 1 : 0;
}
