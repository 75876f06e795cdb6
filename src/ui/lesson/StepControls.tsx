import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setCursor, step } from '../../state/lesson';

/** Step through the model's calls: ⏮ first, ◀ previous, ▶ next, ⏭ run to end; ← → Home End on the keyboard. */
export function StepControls({ cursor, lastCall, api }: { cursor: number; lastCall: number; api: string }) {
  const { t } = useTranslation();
  // in the commit: the keys work from the first frame the page shows (App.tsx KeyboardNav says why)
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)))
      )
        return;
      if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
      else if (e.key === 'Home') setCursor(0);
      else if (e.key === 'End') setCursor(Number.MAX_SAFE_INTEGER);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="step-controls" role="group" aria-label={t('lesson.step.label')}>
      <button type="button" onClick={() => setCursor(0)} disabled={cursor <= 0} data-testid="step-first" title="Home">
        |◀ {t('lesson.step.first')}
      </button>
      <button type="button" onClick={() => step(-1)} disabled={cursor <= 0} data-testid="step-prev" title="←">
        ◀ {t('lesson.step.prev')}
      </button>
      <button type="button" onClick={() => step(1)} disabled={cursor >= lastCall} data-testid="step-next" title="→">
        {t('lesson.step.next')} ▶
      </button>
      <button
        type="button"
        onClick={() => setCursor(lastCall)}
        disabled={cursor >= lastCall}
        data-testid="step-end"
        title="End"
      >
        {t('lesson.step.end')} ▶|
      </button>
      <input
        type="range"
        min={0}
        max={Math.max(0, lastCall)}
        value={Math.max(0, cursor)}
        aria-label={t('lesson.step.cursor')}
        onChange={(e) => setCursor(Number(e.target.value))}
      />
      <span className="step-pos" data-testid="step-cursor" data-cursor={cursor} data-last={lastCall}>
        {t('lesson.step.position', { n: cursor, total: lastCall })} <code>{api}</code>
      </span>
    </div>
  );
}
