import { Suspense, lazy, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProse } from './content';

// the Markdown renderer (react-markdown, GFM, sanitiser) comes in its own chunk with the prose
const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

// memo: the lesson view re-renders at every step of the cursor (40 times a second while lesson 21 plays); the prose
// does not change with it, and parsing the Markdown again each time cost more than the frame (issue 16)
export const Prose = memo(function Prose({
  folder,
  lang,
  fallbackTitle,
}: {
  folder: string;
  lang: 'en' | 'zh';
  fallbackTitle: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setText(undefined);
    void loadProse(folder, lang).then((s) => {
      if (live) setText(s);
    });
    return () => {
      live = false;
    };
  }, [folder, lang]);
  return (
    <article className="prose-body" data-testid="lesson-prose" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      {text ? (
        <Suspense
          fallback={
            <p className="muted" aria-busy="true">
              …
            </p>
          }
        >
          <Markdown text={text} />
        </Suspense>
      ) : (
        <>
          <h1>{fallbackTitle}</h1>
          {text === null && <p className="muted">{t('lesson.proseMissing')}</p>}
        </>
      )}
    </article>
  );
});
