import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProse } from './content';
import { Markdown } from './markdown';

export function Prose({ folder, lang, fallbackTitle }: { folder: string; lang: 'en' | 'zh'; fallbackTitle: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setText(undefined);
    void loadProse(folder, lang).then((s) => { if (live) setText(s); });
    return () => { live = false; };
  }, [folder, lang]);
  return (
    <article className="prose-body" data-testid="lesson-prose" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
      {text ? <Markdown text={text} /> : <><h1>{fallbackTitle}</h1>{text === null && <p className="muted">{t('lesson.proseMissing')}</p>}</>}
    </article>
  );
}
