import { codeSpans } from './codeSpans';
import { useTranslation } from 'react-i18next';
import type { CheckReport, Level } from '../../lessons/types';

const LEVELS: Level[] = ['builds', 'runs', 'correct'];

/** The three-level check (automation contract: data-status, data-level), explaining what it looked at. */
export function CheckView({ report, lang }: { report: CheckReport | null; lang: 'en' | 'zh' }) {
  const { t } = useTranslation();
  const status = report ? report.status : 'running';
  const reached = (l: Level) => {
    if (!report) return false;
    const ok = (x: Level) => report.items.filter((i) => i.level === x).every((i) => i.ok);
    return LEVELS.slice(0, LEVELS.indexOf(l) + 1).every(ok);
  };
  return (
    <div
      data-testid="lesson-check"
      data-status={status}
      data-level={report?.level ?? 'none'}
      className="check"
      aria-live="polite"
    >
      <div className="check-head">
        <strong>{t('lesson.check')}:</strong>{' '}
        {LEVELS.map((l) => (
          <span key={l} className={reached(l) ? 'lvl ok' : 'lvl'} data-level-reached={reached(l)}>
            {reached(l) ? '●' : '○'} {t(`lesson.level.${l}`)}{' '}
          </span>
        ))}
        <span className="check-status">— {t(`lesson.status.${status}`)}</span>
        {report?.level === 'none' && (
          <span className="check-none" data-testid="check-none">
            {' '}
            · {t('lesson.levelNone')}
          </span>
        )}
      </div>
      {report && (
        <ul className="check-items">
          {report.items.map((it, i) => (
            <li key={i} className={it.ok ? 'ok' : 'bad'} data-ok={it.ok}>
              <span aria-hidden="true">{it.ok ? '✔' : '✘'}</span> <em>{t(`lesson.level.${it.level}`)}</em>:{' '}
              {codeSpans(it.what[lang]).map((sp, k) => (sp.code ? <code key={k}>{sp.text}</code> : sp.text))}
              <div className="check-detail">
                {t('lesson.expected')}: <code>{it.expected}</code> · {t('lesson.got')}: <code>{it.got}</code>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
