import { findLesson } from '../catalog';
import { runLessonCode } from '../runner';
import type { LessonDef } from '../types';
import { pixelItem } from '../common/checks';
import { TRIANGLE_HLSL, TRIANGLE_WGSL } from '../common/shaders';
import { main } from './code';
import source from './code.ts?raw';

export const lesson08: LessonDef = {
  entry: findLesson('08')!,
  source,
  panels: ['heap', 'log'],
  canvas: true,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run(env) {
    const run = runLessonCode(main, env);
    // The three vertices as the input assembler fetches them with the view's stride and lesson 6's layout
    const bytes = new Uint8Array((run.out.sourceBytes as number[] | undefined) ?? []);
    const stride = Number(run.out.stride ?? 28);
    const f32 = (at: number) => (at + 4 <= bytes.length ? new DataView(bytes.buffer).getFloat32(at, true) : 0);
    const vec = (at: number, n: number) => `(${Array.from({ length: n }, (_, i) => +f32(at + 4 * i).toFixed(2)).join(', ')})`;
    run.out.table = {
      title: { en: `Vertices as fetched with StrideInBytes = ${stride}`, zh: `按 StrideInBytes = ${stride} 取到的顶点` },
      columns: [{ en: 'Vertex', zh: '顶点' }, { en: 'Byte offset', zh: '字节偏移' }, { en: 'POSITION', zh: 'POSITION' }, { en: 'COLOR', zh: 'COLOR' }],
      rows: [0, 1, 2].map((v) => [v, `0x${(v * stride).toString(16)}`, vec(v * stride, 3), vec(v * stride + 12, 4)]),
      testId: 'vertex-table',
    };
    return run;
  },
  bugs: [{
    id: 'wrong-stride',
    name: { en: 'Vertex buffer view StrideInBytes = 16 (sizeof(float4)) instead of sizeof(Vertex) = 28', zh: '顶点缓冲视图的 StrideInBytes 写成 16（sizeof(float4)），而不是 sizeof(Vertex) = 28' },
    lookFor: { en: 'A garbled, smaller triangle: vertex n is fetched from byte 16·n, so vertex 1 takes its position from vertex 0\'s colour (0, 0, 1) and vertex 2 from vertex 1\'s position. The fetch follows D3D12\'s rule and the GPU really rasterises the result.', zh: '三角形变形、变小：第 n 个顶点从第 16·n 字节取数，所以顶点 1 的位置取自顶点 0 的颜色 (0, 0, 1)，顶点 2 取自顶点 1 的位置。取数遵循 D3D12 的规则，GPU 真实地光栅化了结果。' },
    fix: { en: 'StrideInBytes = sizeof(Vertex): the distance between two vertices in the buffer.', zh: 'StrideInBytes = sizeof(Vertex)：缓冲中两个相邻顶点之间的距离。' },
    messages: ['COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL'], simulated: false, visible: true,
  }],
  async check(run, pixels) {
    const got = (run.out.vertexBytes as number[] | undefined) ?? [];
    const src = (run.out.sourceBytes as number[] | undefined) ?? [];
    const same = got.length > 0 && got.length === src.length && got.every((b, i) => b === src[i]);
    return [{
      level: 'correct', ok: same,
      what: { en: 'vertex data copied back through the GPU (upload → readback buffer, fence, Map) equals the source', zh: '经 GPU 复制回来（上传缓冲 → 回读缓冲，围栏，Map）的顶点数据与源数据一致' },
      expected: `${src.length} bytes`, got: same ? `${got.length} bytes, equal` : `${got.length} bytes, differ`,
    }, {
      level: 'correct', ok: run.out.stride === run.out.sizeofVertex,
      what: { en: 'the vertex buffer view\'s stride is sizeof(Vertex)', zh: '顶点缓冲视图的步长等于 sizeof(Vertex)' },
      expected: `${String(run.out.sizeofVertex)} bytes`, got: `${String(run.out.stride)} bytes`,
    }, await pixelItem(pixels, 40, 40, [255, 0, 255, 255], { en: 'the triangle covers (40,40) (not the background)', zh: '三角形覆盖 (40,40)（不是背景色）' }, 2, true)];
  },
};
