import { useTranslation } from 'react-i18next';
import { useGpuStatus } from '../hooks';

/** What WebGPU offers here, or, when it is missing, what is missing, why, and what to try. */
export function GpuFacts({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const s = useGpuStatus();
  return (
    <section id="gpu-facts" className="gpu-facts" aria-labelledby="gpu-facts-h" data-testid="gpu-facts">
      <h2 id="gpu-facts-h">{t('gpu.heading')}</h2>
      {s.problem && (
        <div className="problem" role="alert" data-testid="gpu-problem" data-problem={s.problem}>
          <p>
            <strong>{t(`gpu.problem.${s.problem}.what`)}</strong>
          </p>
          <p>{t(`gpu.problem.${s.problem}.why`)}</p>
          <p>{t(`gpu.problem.${s.problem}.tryThis`)}</p>
          {s.detail && (
            <p className="detail">
              <code>{s.detail}</code>
            </p>
          )}
          <p>{t('gpu.stillWorks')}</p>
        </div>
      )}
      {s.status === 'lost' && <p role="status">{t('gpu.lost')}</p>}
      {s.recoveries > 0 && s.lastLoss && (
        <p role="status" data-testid="gpu-recovered">
          {t('gpu.recovered', { reason: s.lastLoss.reason, message: s.lastLoss.message || '—', count: s.recoveries })}
        </p>
      )}
      {s.adapter && (
        <dl className="facts" data-testid="adapter-facts">
          <dt>{t('gpu.vendor')}</dt>
          <dd>{s.adapter.vendor || '—'}</dd>
          <dt>{t('gpu.architecture')}</dt>
          <dd>{s.adapter.architecture || '—'}</dd>
          <dt>{t('gpu.device')}</dt>
          <dd>{s.adapter.device || '—'}</dd>
          <dt>{t('gpu.description')}</dt>
          <dd>
            {s.adapter.description || '—'}
            {s.adapter.isFallbackAdapter ? ` (${t('gpu.fallback')})` : ''}
          </dd>
          <dt>{t('gpu.canvasFormat')}</dt>
          <dd>
            <code>{s.adapter.preferredCanvasFormat}</code>
          </dd>
          {!compact && (
            <>
              <dt>{t('gpu.features')}</dt>
              <dd>
                <ul className="chips">
                  {s.adapter.features.map((f) => (
                    <li key={f}>
                      <code>{f}</code>
                    </li>
                  ))}
                </ul>
              </dd>
              <dt>{t('gpu.limits')}</dt>
              <dd>
                <table className="limits">
                  <tbody>
                    {Object.entries(s.adapter.limits).map(([k, v]) => (
                      <tr key={k}>
                        <th scope="row">{k}</th>
                        <td>{v.toLocaleString()}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
