import { Suspense, lazy, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProse } from './content';
import { afterFirstCheck } from './afterFirstCheck';

// the Markdown renderer (react-markdown, GFM, sanitiser) comes in its own chunk with the prose, once the first lesson
// page's check has settled (or DEFER_MAX_MS at most): parsing it and painting the prose while the first frame was
// drawn and read back delayed the verified frame (issue 16); the lesson's title shows meanwhile
const Markdown = lazy(async () => {
  await afterFirstCheck();
  return import('./markdown').then((m) => ({ default: m.Markdown }));
});

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
            <>
              <h1>{fallbackTitle}</h1>
              <p className="muted" aria-busy="true">
                …
              </p>
            </>
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
