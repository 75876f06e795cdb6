// Lesson prose: CommonMark + GitHub tables (react-markdown with remark-gfm), sanitised (rehype-sanitize; raw HTML in
// the content is never rendered). Block quotes are the "myth vs fact" boxes; fenced code is highlighted with the
// code view's grammars (loaded lazily).
import { useEffect, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeSanitize from 'rehype-sanitize';
import type { CodeLang } from '../code/languages';
import type { Span } from '../code/highlight';

const LANGS: Record<string, CodeLang> = {
  ts: 'ts',
  typescript: 'ts',
  js: 'ts',
  javascript: 'ts',
  tsx: 'ts',
  hlsl: 'hlsl',
  cpp: 'hlsl',
  'c++': 'hlsl',
  c: 'hlsl',
  wgsl: 'wgsl',
};

function Highlighted({ text, lang }: { text: string; lang: CodeLang }) {
  const [spans, setSpans] = useState<Span[] | null>(null);
  useEffect(() => {
    let live = true;
    void import('../code/highlight').then((m) => {
      if (live) setSpans(m.highlight(text, lang));
    });
    return () => {
      live = false;
    };
  }, [text, lang]);
  if (!spans) return <>{text}</>;
  return (
    <>
      {spans.map((s, i) =>
        s.cls ? (
          <span key={i} className={s.cls}>
            {s.text}
          </span>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

/** Only links the app can follow (site paths, anchors, http(s)); external ones open in a new tab. */
function safeHref(href: string | undefined): string {
  return href && /^(https?:|\/|#|\.{0,2}\/?[\w-])/.test(href) && !/^\s*(javascript|data|vbscript):/i.test(href)
    ? href
    : '#';
}

const components: Components = {
  blockquote: ({ children }) => <blockquote className="md-box">{children}</blockquote>,
  table: ({ children }) => <table className="md-table">{children}</table>,
  a: ({ href, children }) => {
    const h = safeHref(href);
    return (
      <a href={h} target={h.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
        {children}
      </a>
    );
  },
  pre: ({ children }) => <>{children}</>,
  code: ({ className, children, node }) => {
    const text = String(children ?? '');
    const fenced = (node?.position && text.includes('\n')) || /language-/.test(className ?? '');
    if (!fenced) return <code>{children}</code>;
    const name = /language-([\w+-]+)/.exec(className ?? '')?.[1]?.toLowerCase() ?? '';
    const lang = LANGS[name];
    const body: ReactNode = lang ? <Highlighted text={text.replace(/\n$/, '')} lang={lang} /> : text.replace(/\n$/, '');
    return (
      <pre tabIndex={0} className="md-code" data-lang={name || undefined}>
        <code>{body}</code>
      </pre>
    );
  },
};

export function Markdown({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} skipHtml components={components}>
      {text}
    </ReactMarkdown>
  );
}
