import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProse } from './content';

// the Markdown renderer (react-markdown, GFM, sanitiser) comes in its own chunk with the prose
const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

export function Prose({ folder, lang, fallbackTitle }: { folder: string; lang: 'en' | 'zh'; fallbackTitle: string }) {
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
}
