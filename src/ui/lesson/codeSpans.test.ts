import { describe, expect, it } from 'vitest';
import { codeSpans } from './codeSpans';

const code = (s: string) =>
  codeSpans(s)
    .filter((x) => x.code)
    .map((x) => x.text);

describe('code inside check lines', () => {
  it('marks calls, indexing, file names, lowerCamel names and backticks as code, and nothing else', () => {
    expect(code('顶点缓冲视图的步长等于 sizeof(Vertex)')).toEqual(['sizeof(Vertex)']);
    expect(code('PSO 的 RTVFormats[0] 与渲染目标一致')).toEqual(['RTVFormats[0]']);
    expect(code('宽 64 时足迹 RowPitch = align(width × 4, 256)')).toEqual(['align(width × 4, 256)']);
    expect(code('即注入的挂起（hangList，100 毫秒）')).toEqual(['hangList']);
    expect(code('landscape.png decodes')).toEqual(['landscape.png']);
    expect(code('通过 `volatile` 描述符表')).toEqual(['volatile']);
    expect(code('the draw samples the texture')).toEqual([]);
    expect(
      codeSpans('a `b` c')
        .map((s) => s.text)
        .join(''),
    ).toBe('a b c');
  });
});
