import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import type { ID3D12DescriptorHeap } from '../../core';
import type { ID3D12Resource } from '../../core';
import { formatInfo } from '../../core';
import type { CheckItem, LessonRun } from '../types';
import { TEXTURED_HLSL, TEXTURED_WGSL } from '../14-texture-states/shaders';
import { TexSize, main } from './code';
import source from './code.ts?raw';
import meta from './meta';

/** The sRGB transfer functions (IEC 61966-2-1), as the hardware applies them to an _SRGB view. */
export const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
export const linearToSrgb = (l: number) => (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055);

/** The texel of each case the numbers follow, and the canvas pixel at its centre (8 × 16 pixels a texel). */
export const CASES = [
  { name: { en: 'colour (albedo)', zh: '颜色（反照率）' }, texel: [2, 0], pixel: [20, 8], srgbView: true },
  { name: { en: 'data (normal map)', zh: '数据（法线贴图）' }, texel: [0, 0], pixel: [36, 8], srgbView: false },
] as const;

const FORMAT_NAME: Record<number, string> = {
  27: 'R8G8B8A8_TYPELESS',
  28: 'R8G8B8A8_UNORM',
  29: 'R8G8B8A8_UNORM_SRGB',
};
const isSrgb = (f: number) => !!formatInfo(f)?.srgb;

export interface Numbers {
  stored: number;
  resourceFormat: number;
  srvFormat: number;
  sampled: number;
  rtvFormat: number;
  displayed: number;
}

/** One texel's path through the model's objects: its stored byte (R), the SRV's format, the RTV's format, and what each does to it. */
export function numbers(run: LessonRun, k: 0 | 1): Numbers | null {
  const srvHeap = run.sys.object(run.out.srvHeap as number) as ID3D12DescriptorHeap | undefined;
  const rtvHeap = run.sys.object(run.out.rtvHeap as number) as ID3D12DescriptorHeap | undefined;
  const srv = srvHeap?.slots[k];
  const rtv = rtvHeap?.slots[0];
  const res = srv?.resource as ID3D12Resource | null | undefined;
  if (!srv || !rtv || !res) return null;
  const [x, y] = CASES[k].texel;
  const stored = res.storage()[y * Math.ceil((TexSize * 4) / 256) * 256 + x * 4];
  const sampled = isSrgb(srv.format) ? srgbToLinear(stored / 255) : stored / 255;
  const displayed = Math.round((isSrgb(rtv.format) ? linearToSrgb(sampled) : sampled) * 255);
  return { stored, resourceFormat: res.desc.Format, srvFormat: srv.format, sampled, rtvFormat: rtv.format, displayed };
}

/** What the correct program gives: colour decoded then encoded (128 → 0.216 → 128); data as it is (128 → 0.502 → 188). */
export function expected(k: 0 | 1, stored: number) {
  const sampled = CASES[k].srgbView ? srgbToLinear(stored / 255) : stored / 255;
  return { sampled, displayed: Math.round(linearToSrgb(sampled) * 255) };
}

const name = (f: number) => `DXGI_FORMAT_${FORMAT_NAME[f] ?? f}`;

export const lesson18 = defineLesson(meta, {
  source,
  shaders: { hlsl: TEXTURED_HLSL, wgsl: TEXTURED_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    const rows = ([0, 1] as const).map((k) => {
      const n = numbers(run, k);
      return n
        ? [
            CASES[k].name.en,
            n.stored,
            `${name(n.resourceFormat)} / ${name(n.srvFormat)}`,
            n.sampled.toFixed(3),
            name(n.rtvFormat),
            n.displayed,
          ]
        : [CASES[k].name.en, '—', '—', '—', '—', '—'];
    });
    run.out.table = {
      title: { en: 'One texel each, through the views: red channel', zh: '每种纹理一个纹素，经过各个视图：红色通道' },
      columns: [
        { en: 'Texture', zh: '纹理' },
        { en: 'Stored byte', zh: '存储的字节' },
        { en: 'Resource / SRV format', zh: '资源 / SRV 格式' },
        { en: 'Sampled value (linear)', zh: '采样值（线性）' },
        { en: 'RTV format', zh: 'RTV 格式' },
        { en: 'Displayed byte', zh: '显示的字节' },
      ],
      rows,
      testId: 'srgb-numbers',
    };
    return run;
  },
  async check(run, pixels) {
    const items: CheckItem[] = [];
    for (const k of [0, 1] as const) {
      const c = CASES[k];
      const n = numbers(run, k);
      const want = expected(k, n?.stored ?? 128);
      items.push({
        level: 'correct',
        ok: !!n && Math.abs(n.sampled - want.sampled) < 0.5 / 255,
        what: {
          en: `the ${c.name.en} texel (${c.texel.join(',')}) samples at its linear value through its SRV`,
          zh: `${c.name.zh}纹素 (${c.texel.join(',')}) 经过它的 SRV 采样得到正确的线性值`,
        },
        expected: `${want.sampled.toFixed(3)} (${c.srgbView ? 'sRGB decoded' : 'as stored'})`,
        got: n ? `${n.sampled.toFixed(3)} through ${name(n.srvFormat)}` : 'no SRV or RTV',
      });
    }
    for (const k of [0, 1] as const) {
      const c = CASES[k];
      const [px, py] = c.pixel;
      const want = expected(k, numbers(run, k)?.stored ?? 128);
      const what = {
        en: `canvas pixel (${px},${py}) read back: the ${c.name.en} texel sampled at ${want.sampled.toFixed(3)}, written through the sRGB RTV`,
        zh: `读回的画布像素 (${px},${py})：${c.name.zh}纹素采样为 ${want.sampled.toFixed(3)}，经 sRGB RTV 写出`,
      };
      const expectedText = `${want.displayed} (= ${want.sampled.toFixed(3)} linear)`;
      if (!pixels) {
        items.push({
          level: 'correct',
          ok: false,
          what,
          expected: expectedText,
          got: 'no WebGPU: the pixel could not be read back',
        });
        continue;
      }
      const p = await pixels(px, py);
      // the RTV is _SRGB, so the value the shader wrote (the sampled one) is the read-back byte decoded
      items.push({
        level: 'correct',
        ok: Math.abs(p[0] - want.displayed) <= 2,
        what,
        expected: expectedText,
        got: `${p[0]} (= ${srgbToLinear(p[0] / 255).toFixed(3)} linear)`,
      });
    }
    return items;
  },
});

export default lesson18;
