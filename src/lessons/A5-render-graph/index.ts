import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { hazardsOf, indexTrace, type RGError } from '../../core';
import type { CheckItem, LessonRun, PixelReader } from '../types';
import { main } from './code';
import { BLOOM_HLSL, BLOOM_WGSL } from './shaders';
import source from './code.ts?raw';
import meta from './meta';

/** Where the two halves are compared: every 4th column and 8th row of the left half, and the same spot on the right. */
export const PROBES: [number, number][] = [];
for (let y = 4; y < 64; y += 8) for (let x = 2; x < 32; x += 4) PROBES.push([x, y]);

/** The brightest disc of the scene, in the left half (UV (0.3, 0.3) of a 32 × 64 half). */
const DISC: [number, number] = [10, 19];

/** [ALIAS-1] [ALIAS-2] The model's verdict: no placed resource used over bytes another one used, without a barrier. */
export function aliasingItem(run: LessonRun): CheckItem {
  const ix = indexTrace(run.sys.trace);
  const bad = [...hazardsOf(ix, 'aliasing-corruption'), ...hazardsOf(ix, 'aliased-not-initialized')];
  const name = (id: unknown) => run.sys.object(Number(id))?.name ?? `#${String(id)}`;
  return {
    level: 'correct',
    ok: run.out.heapBytes !== undefined && bad.length === 0,
    what: {
      en: 'every aliased resource got an ALIASING barrier before it used bytes another resource had used (simulated hazard: 0)',
      zh: '每个别名资源在使用另一个资源用过的字节之前都有 ALIASING 屏障（模拟隐患：0 个）',
    },
    expected: '0 aliasing hazards',
    got:
      run.out.heapBytes === undefined
        ? 'nothing ran'
        : bad.length
          ? bad
              .map(
                (h) =>
                  `${h.kind}: ${name(h.res)}${h.detail.other !== undefined ? ` over ${name(h.detail.other)}` : ''} (call ${h.i})`,
              )
              .join('; ')
          : '0 aliasing hazards',
  };
}

async function halvesItems(pixels: PixelReader): Promise<CheckItem[]> {
  const drawn: CheckItem = {
    level: 'correct',
    ok: false,
    what: { en: 'the frame is drawn: the bright disc at (10,19) glows', zh: '画面已绘制：(10,19) 处的亮盘在发光' },
    expected: 'red > 200',
    got: 'no WebGPU: the pixel could not be read back',
  };
  const same: CheckItem = {
    level: 'correct',
    ok: false,
    what: {
      en: `the aliased half (right) is the same image as the half without aliasing (left), read back from the GPU at ${PROBES.length} points`,
      zh: `别名的一半（右）与无别名的一半（左）是同一幅图：从 GPU 读回 ${PROBES.length} 个点比较`,
    },
    expected: 'identical',
    got: 'no WebGPU: the pixels could not be read back',
  };
  if (!pixels) return [drawn, same];
  const disc = await pixels(DISC[0], DISC[1]);
  drawn.ok = disc[0] > 200;
  drawn.got = `(${disc.slice(0, 3).join(',')})`;
  const diffs: string[] = [];
  for (const [x, y] of PROBES) {
    const a = await pixels(x, y);
    const b = await pixels(x + 32, y);
    if ([0, 1, 2].some((k) => a[k] !== b[k]))
      diffs.push(`(${x},${y}) ${a.slice(0, 3).join(',')} ≠ (${x + 32},${y}) ${b.slice(0, 3).join(',')}`);
  }
  same.ok = diffs.length === 0;
  same.got = diffs.length
    ? `${diffs.length} of ${PROBES.length} differ: ${diffs.slice(0, 3).join('; ')}${diffs.length > 3 ? '; …' : ''}`
    : 'identical';
  return [drawn, same];
}

export const lessonA5 = defineLesson(meta, {
  source,
  shaders: { hlsl: BLOOM_HLSL, wgsl: BLOOM_WGSL },
  run: (env) => runLessonCode(main, env),
  async check(run, pixels) {
    const error = run.out.graphError as RGError | undefined;
    const heap = run.out.heapBytes as number | undefined;
    const unaliased = run.out.unaliasedBytes as number | undefined;
    return [
      {
        level: 'correct',
        ok: !error && heap !== undefined,
        what: {
          en: 'the graph compiles: no two resources alive in the same pass share heap bytes',
          zh: '渲染图编译通过：同一个渲染通道中同时存活的两个资源不共用堆字节',
        },
        expected: 'compiled',
        got: error ? `${error.code}: ${error.message}` : heap !== undefined ? 'compiled' : 'not reached',
      },
      {
        level: 'correct',
        ok: heap !== undefined && unaliased !== undefined && heap < unaliased,
        what: { en: 'memory with aliasing < without', zh: '有别名时的内存 < 无别名时' },
        expected: '< without',
        got:
          heap !== undefined && unaliased !== undefined ? `${heap / 1024} KiB vs ${unaliased / 1024} KiB` : 'no heap',
      },
      aliasingItem(run),
      ...(await halvesItems(pixels)),
    ];
  },
});

export default lessonA5;
