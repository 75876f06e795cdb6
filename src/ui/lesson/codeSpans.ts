// Code inside a sentence (check lines are written in both languages and quote code: sizeof(Vertex),
// RTVFormats[0], align(width × 4, 256), hangList, landscape.png, `volatile`): marked as code, so it shows in the
// code font and a Chinese sentence reads as Chinese with the code left as code.

export interface Span {
  code: boolean;
  text: string;
}

const CODE = new RegExp(
  [
    '`([^`]+)`', // `backticks`
    String.raw`\b[\w-]+\.(?:png|hlsl|wgsl|ts)\b`, // file names
    String.raw`\b[A-Za-z_]\w*\([^()]*\)`, // calls: sizeof(Vertex), align(width × 4, 256)
    String.raw`\b[A-Za-z_]\w*\[\d*\]`, // indexing: RTVFormats[0]
    String.raw`\b[a-z]+[A-Z]\w*\b`, // lowerCamel identifiers: hangList
  ].join('|'),
  'g',
);

export function codeSpans(text: string): Span[] {
  const out: Span[] = [];
  let at = 0;
  for (const m of text.matchAll(CODE)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ code: false, text: text.slice(at, i) });
    out.push({ code: true, text: m[1] ?? m[0] });
    at = i + m[0].length;
  }
  if (at < text.length) out.push({ code: false, text: text.slice(at) });
  return out;
}
