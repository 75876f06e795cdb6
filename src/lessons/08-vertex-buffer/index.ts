import { defineLesson } from '../define';
import { runLessonCode } from '../runner';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';
import meta from './meta';

export const lesson08 = defineLesson(meta, {
  source,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    // The three vertices as the input assembler fetches them with the view's stride and lesson 6's layout
    const bytes = new Uint8Array((run.out.sourceBytes as number[] | undefined) ?? []);
    const stride = Number(run.out.stride ?? 28);
    const f32 = (at: number) => (at + 4 <= bytes.length ? new DataView(bytes.buffer).getFloat32(at, true) : 0);
    const vec = (at: number, n: number) =>
      `(${Array.from({ length: n }, (_, i) => +f32(at + 4 * i).toFixed(2)).join(', ')})`;
    run.out.table = {
      title: {
        en: `Vertices as fetched with StrideInBytes = ${stride}`,
        zh: `按 StrideInBytes = ${stride} 取到的顶点`,
      },
      columns: [
        { en: 'Vertex', zh: '顶点' },
        { en: 'Byte offset', zh: '字节偏移' },
        { en: 'POSITION', zh: 'POSITION' },
        { en: 'COLOR', zh: 'COLOR' },
      ],
      rows: [0, 1, 2].map((v) => [v, `0x${(v * stride).toString(16)}`, vec(v * stride, 3), vec(v * stride + 12, 4)]),
      testId: 'vertex-table',
    };
    return run;
  },
  async check(run, pixels) {
    const got = (run.out.vertexBytes as number[] | undefined) ?? [];
    const src = (run.out.sourceBytes as number[] | undefined) ?? [];
    const same = got.length > 0 && got.length === src.length && got.every((b, i) => b === src[i]);
    return [
      {
        level: 'correct',
        ok: same,
        what: {
          en: 'vertex data copied back through the GPU (upload → readback buffer, fence, Map) equals the source',
          zh: '经 GPU 复制回来（上传缓冲 → 回读缓冲，围栏，Map）的顶点数据与源数据一致',
        },
        expected: `${src.length} bytes`,
        got: same ? `${got.length} bytes, equal` : `${got.length} bytes, differ`,
      },
      {
        level: 'correct',
        ok: run.out.stride === run.out.sizeofVertex,
        what: { en: "the vertex buffer view's stride is sizeof(Vertex)", zh: '顶点缓冲视图的步长等于 sizeof(Vertex)' },
        expected: `${String(run.out.sizeofVertex)} bytes`,
        got: `${String(run.out.stride)} bytes`,
      },
      await pixelItem(
        pixels,
        40,
        40,
        [255, 0, 255, 255],
        { en: 'the triangle covers (40,40) (not the background)', zh: '三角形覆盖 (40,40)（不是背景色）' },
        2,
        true,
      ),
    ];
  },
});

export default lesson08;
