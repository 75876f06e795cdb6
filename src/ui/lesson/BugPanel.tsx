import { useTranslation } from 'react-i18next';
import type { BugDef } from '../../lessons/types';

/** The instructor's bug toggles: each switches one thing in the lesson's code and re-runs it. */
export function BugPanel({
  bugs,
  active,
  onToggle,
  lang,
  debugLayer,
}: {
  bugs: BugDef[];
  active: ReadonlySet<string>;
  onToggle(id: string): void;
  lang: 'en' | 'zh';
  debugLayer: boolean;
}) {
  const { t } = useTranslation();
  if (bugs.length === 0) return <p>{t('lesson.noBugs')}</p>;
  return (
    <ul className="bug-list" data-testid="bug-panel">
      {bugs.map((b) => {
        const on = active.has(b.id);
        return (
          <li key={b.id} data-bug={b.id} data-active={on}>
            <label>
              <input type="checkbox" checked={on} onChange={() => onToggle(b.id)} data-testid={`bug-toggle-${b.id}`} />{' '}
              <code>{b.id}</code>{' '}
              {b.simulated && (
                <span className="tag sim" title={t('lesson.simulatedHint')}>
                  {t('lesson.simulatedTag')}
                </span>
              )}
            </label>
            <div className="bug-name">{b.name[lang]}</div>
            {on && (
              <div className="bug-more">
                <p>
                  <strong>{t('lesson.lookFor')}:</strong> {b.lookFor[lang]}
                </p>
                {b.messages.length > 0 && (
                  <p className="muted">
                    {t('lesson.expectMessages')}:{' '}
                    {b.messages.map((m) => (
                      <code key={m}>{m} </code>
                    ))}
                    {!debugLayer && <> — {t('lesson.debugOffNoMessages')}</>}
                  </p>
                )}
                <details>
                  <summary>{t('lesson.showFix')}</summary>
                  <p>{b.fix[lang]}</p>
                </details>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
