import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeLang } from '../code/languages';
import { afterFirstCheck } from './afterFirstCheck';

// CodeMirror comes in its own chunk (180 KB gzipped with its grammars), fetched once the first lesson page's check has
// settled: parsing it while the first frame was drawn and read back delayed the verified frame (issue 16). The code
// shows as plain text until then.
const CodeMirrorView = lazy(async () => {
  await afterFirstCheck();
  return import('../code/CodeMirrorView');
});

/** Code on the page: plain text while the viewer loads, then the CodeMirror view. */
export function CodeBlock({
  text,
  lang,
  testId,
  label,
  original = null,
  current = null,
  selected = null,
  search = false,
}: {
  text: string;
  lang: CodeLang;
  testId: string;
  label: string;
  original?: string | null;
  current?: number | null;
  selected?: number | null;
  search?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <pre className="code-loading" aria-busy="true" tabIndex={0}>
          {text}
        </pre>
      }
    >
      <CodeMirrorView
        text={text}
        original={original}
        lang={lang}
        current={current}
        selected={selected}
        label={label}
        searchLabel={search ? t('lesson.search') : undefined}
        testId={testId}
      />
    </Suspense>
  );
}

/**
 * The lesson's code as it ran: `source` with this run's bugs, `correct` the bug-free variant (a diff when they
 * differ); the line of the call at the cursor and the line of the call chosen in a panel are marked.
 */
export function CodeView({
  source,
  correct,
  current,
  selected = null,
  label,
}: {
  source: string;
  correct: string;
  current: number | null;
  selected?: number | null;
  label: string;
}) {
  return (
    <CodeBlock
      text={source}
      original={correct}
      lang="ts"
      testId="code-view"
      label={label}
      current={current}
      selected={selected}
      search
    />
  );
}
