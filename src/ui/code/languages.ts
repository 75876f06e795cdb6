// The languages the page shows: TypeScript (the lesson code), HLSL (the shader the lesson teaches; C-like, read
// with the C++ grammar) and WGSL (what ran on WebGPU; a small stream mode, as CodeMirror has no WGSL package).
import { StreamLanguage, type LanguageSupport, type StreamParser } from '@codemirror/language';
import { javascript } from '@codemirror/lang-javascript';
import { cpp } from '@codemirror/lang-cpp';
import type { Language } from '@codemirror/language';

export type CodeLang = 'ts' | 'hlsl' | 'wgsl';

const WGSL_KEYWORDS = new Set([
  'fn',
  'let',
  'var',
  'const',
  'struct',
  'return',
  'if',
  'else',
  'for',
  'loop',
  'while',
  'break',
  'continue',
  'switch',
  'case',
  'default',
  'discard',
  'override',
  'alias',
  'enable',
  'true',
  'false',
]);
const WGSL_TYPES =
  /^(?:[iuf]32|f16|bool|vec[234][iuf]?|vec[234]<|mat[234]x[234][fh]?|array|atomic|ptr|sampler|sampler_comparison|texture_\w+)$/;

const wgslParser: StreamParser<unknown> = {
  name: 'wgsl',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^@\w+/)) return 'meta';
    if (stream.match(/^(?:0x[0-9a-fA-F]+|\d+\.?\d*(?:e[+-]?\d+)?)[iuf h]?/)) return 'number';
    if (stream.match(/^[A-Za-z_]\w*/)) {
      const w = stream.current();
      if (WGSL_KEYWORDS.has(w)) return 'keyword';
      if (WGSL_TYPES.test(w)) return 'typeName';
      return stream.peek() === '(' ? 'variableName.function' : 'variableName';
    }
    stream.next();
    return null;
  },
};

export function languageOf(lang: CodeLang): LanguageSupport | Language {
  if (lang === 'ts') return javascript({ typescript: true });
  if (lang === 'hlsl') return cpp();
  return StreamLanguage.define(wgslParser);
}
