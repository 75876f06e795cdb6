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
  canvas: true,
  shaders: { hlsl: TRIANGLE_HLSL, wgsl: TRIANGLE_WGSL },
  run: (env) => runLessonCode(main, env),
  bugs: [{
    id: 'wrong-stride',
    name: { en: 'Vertex buffer view StrideInBytes = 16 (sizeof(float4)) instead of sizeof(Vertex) = 28', zh: '顶点缓冲视图的 StrideInBytes 写成 16（sizeof(float4)），而不是 sizeof(Vertex) = 28' },
    lookFor: { en: 'A garbled, smaller triangle with wrong colours: vertex 1 reads its position from vertex 0\'s colour. This is WebGPU really reading with that stride.', zh: '三角形变形、变小、颜色错乱：顶点 1 的位置读到了顶点 0 的颜色。这是 WebGPU 真的按这个步长读取的结果。' },
    fix: { en: 'StrideInBytes = sizeof(Vertex): the distance between two vertices in the buffer.', zh: 'StrideInBytes = sizeof(Vertex)：缓冲中两个相邻顶点之间的距离。' },
    messages: ['COMMAND_LIST_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL'], simulated: false, visible: true,
  }],
  async check(run, pixels) {
    const got = (run.out.vertexBytes as number[] | undefined) ?? [];
    const src = (run.out.sourceBytes as number[] | undefined) ?? [];
    const same = got.length > 0 && got.length === src.length && got.every((b, i) => b === src[i]);
    return [{
      level: 'correct', ok: same,
      what: { en: 'vertex data read back from the upload heap equals the source', zh: '从上传堆读回的顶点数据与源数据一致' },
      expected: `${src.length} bytes`, got: same ? `${got.length} bytes, equal` : `${got.length} bytes, differ`,
    }, {
      level: 'correct', ok: run.out.stride === run.out.sizeofVertex,
      what: { en: 'the vertex buffer view\'s stride is sizeof(Vertex)', zh: '顶点缓冲视图的步长等于 sizeof(Vertex)' },
      expected: `${String(run.out.sizeofVertex)} bytes`, got: `${String(run.out.stride)} bytes`,
    }, await pixelItem(pixels, 40, 40, [0, 51, 102, 255], { en: 'the triangle covers (40,40) (not the background)', zh: '三角形覆盖 (40,40)（不是背景色）' }, 2, true)];
  },
};
