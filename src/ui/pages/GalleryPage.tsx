// /gallery: every runnable lesson × variant (correct run, then each bug of its meta) with the picture the visual
// suite expects (its committed baseline, served as a static file under /gallery-images/ by the vite plugin in
// vite.config.ts), the bug, its debug-layer message IDs and a link that opens that variant live.
// The list comes from the catalogue (the metas), as e2e/visual/variants.ts finds it from the folders.
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LESSONS, lessonPath } from '../../lessons/catalog';
import { lessonFolder } from '../../lessons/types';
import { panelTitles, viewPanel } from '../../lessons/panels';
import { isLessonReady } from '../lesson-registry';
import { usePrefs } from '../hooks';

/** Where the build puts the baselines (e2e/visual/baselines/lessons/<folder>/<variant>.png). */
export const galleryImage = (folder: string, variant: string) => `/gallery-images/lessons/${folder}/${variant}.png`;

function Picture({ src, alt, canvas }: { src: string; alt: string; canvas: boolean }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(false);
  if (missing)
    return (
      <p className="gallery-missing" data-testid="gallery-missing">
        {t('gallery.missing')}
      </p>
    );
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className={canvas ? 'gallery-canvas' : 'gallery-panel'}
      data-testid="gallery-image"
      onError={() => setMissing(true)}
    />
  );
}

export function GalleryPage() {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const titles = panelTitles(lang);
  const lessons = LESSONS.filter((l) => isLessonReady(l.id));
  return (
    <main id="main" className="gallery">
      <h1>{t('gallery.title')}</h1>
      <p>{t('gallery.intro')}</p>
      {lessons.map((l) => {
        const folder = lessonFolder(l);
        const canvas = l.canvas === true;
        const shows = canvas ? t('gallery.canvas') : t('gallery.panel', { panel: titles[viewPanel(l.panels)] });
        const variants = [
          { bug: '', label: t('gallery.correct'), messages: [] as string[] },
          ...l.bugs.map((b) => ({ bug: b.id, label: b.name[lang], messages: b.messages as string[] })),
        ];
        return (
          <section key={l.id} aria-labelledby={`g-${l.id}`} data-testid="gallery-lesson" data-lesson={l.id}>
            <h2 id={`g-${l.id}`}>
              <span className="num">{l.id}</span> {l.title[lang]} <small className="muted">({shows})</small>
            </h2>
            <ul className="gallery-grid">
              {variants.map((v) => {
                const name = v.bug || 'correct';
                const query = `${v.bug ? `bugs=${v.bug}&` : ''}debug=1`;
                return (
                  <li
                    key={name}
                    data-testid="gallery-item"
                    data-lesson={l.id}
                    data-bug={v.bug}
                    className="gallery-item"
                  >
                    <Picture
                      src={galleryImage(folder, name)}
                      alt={t('gallery.alt', { lesson: l.id, variant: v.bug || t('gallery.correct') })}
                      canvas={canvas}
                    />
                    <p className="gallery-variant">
                      {v.bug ? (
                        <>
                          <strong>{t('gallery.bug')}</strong> <code>{v.bug}</code>: {v.label}
                        </>
                      ) : (
                        <strong>{v.label}</strong>
                      )}
                    </p>
                    <p className="gallery-messages">
                      {t('gallery.messages')}:{' '}
                      {v.messages.length
                        ? v.messages.map((m) => (
                            <code key={m} data-message={m}>
                              {m}{' '}
                            </code>
                          ))
                        : t('gallery.noMessages')}
                    </p>
                    <Link to={`${lessonPath(l)}?${query}`} data-testid="gallery-open">
                      {t('gallery.open')}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </main>
  );
}
