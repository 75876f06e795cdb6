import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { Markdown } from './markdown';
import { highlight } from '../code/highlight';

const html = (md: string) => renderToStaticMarkup(<Markdown text={md} />);

describe('lesson prose (react-markdown + GFM, sanitised)', () => {
  it('renders GitHub tables, boxes, links and inline code', () => {
    const out = html('# T\n\n> myth\n\n| a | b |\n|---|---|\n| `x` | **y** |\n\n[next](/lessons/05-root-signature)');
    expect(out).toContain('<table class="md-table">');
    expect(out).toContain('<td><code>x</code></td>');
    expect(out).toContain('<blockquote class="md-box">');
    expect(out).toContain('href="/lessons/05-root-signature"');
  });

  it('never renders raw HTML or script links from the content', () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))');
    expect(out).not.toMatch(/<script|<img|onerror|javascript:/);
  });

  it('fenced code keeps its language for highlighting; the highlighter marks tokens with the code view classes', () => {
    expect(html('```hlsl\nfloat4 main() : SV_TARGET { return 1; }\n```')).toContain('data-lang="hlsl"');
    const spans = highlight('const x = 1; // note', 'ts');
    expect(spans.find((s) => s.text === 'const')?.cls).toMatch(/tok-keyword/);
    expect(spans.find((s) => s.text.includes('note'))?.cls).toMatch(/tok-comment/);
    expect(highlight('@fragment fn PSMain() -> vec4f {}', 'wgsl').find((s) => s.text === 'fn')?.cls).toMatch(
      /tok-keyword/,
    );
  });

  it('every lesson prose file renders without losing a table row or a code block', { timeout: 60_000 }, () => {
    const root = 'content/lessons';
    for (const dir of readdirSync(root))
      for (const lang of ['en', 'zh']) {
        const f = `${root}/${dir}/${lang}.md`;
        if (!existsSync(f)) continue;
        const md = readFileSync(f, 'utf8');
        const out = html(md);
        const fences = (md.match(/^```/gm) ?? []).length / 2;
        expect((out.match(/<pre /g) ?? []).length, f).toBe(Math.floor(fences));
        const tableRows = md.split('\n').filter((l) => /^\|/.test(l) && !/^\|?\s*:?-{2,}/.test(l)).length;
        expect((out.match(/<tr>/g) ?? []).length, f).toBe(tableRows);
      }
  });
});
