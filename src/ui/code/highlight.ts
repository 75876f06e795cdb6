// Static highlighting for code blocks in the prose: the same grammars and the same token classes (tok-*) as the
// code view, without an editor. Loaded lazily with the rest of CodeMirror.
import { classHighlighter, highlightCode } from '@lezer/highlight';
import { languageOf, type CodeLang } from './languages';

export interface Span {
  text: string;
  cls: string;
}

/** The text cut into spans, each with its token classes ('' for plain text); newlines kept in the text. */
export function highlight(text: string, lang: CodeLang): Span[] {
  const support = languageOf(lang);
  const parser = ('language' in support ? support.language : support).parser;
  const out: Span[] = [];
  highlightCode(
    text,
    parser.parse(text),
    classHighlighter,
    (t, cls) => out.push({ text: t, cls }),
    () => out.push({ text: '\n', cls: '' }),
  );
  return out;
}
