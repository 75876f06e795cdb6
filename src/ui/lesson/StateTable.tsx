import { useTranslation } from 'react-i18next';
import { indexTrace, stateAt, type Trace } from '../../core';
import { stateName } from './names';

/** Objects and resource states "as of call N": the plain table shown until the debugger panels land. */
export function StateTable({ trace, cursor }: { trace: Trace; cursor: number }) {
  const { t } = useTranslation();
  const st = stateAt(indexTrace(trace), cursor);
  const objects = [...st.objects.entries()];
  return (
    <div className="state-table" data-testid="state-table" data-objects={objects.length}>
      <h3>
        {t('lesson.objects')} ({objects.length})
      </h3>
      <table>
        <thead>
          <tr>
            <th>id</th>
            <th>{t('lesson.type')}</th>
            <th>{t('lesson.name')}</th>
            <th>{t('lesson.state')}</th>
          </tr>
        </thead>
        <tbody>
          {objects.map(([id, o]) => {
            const rs = st.resourceStates.get(id);
            return (
              <tr key={id} className={o.alive ? undefined : 'dead'}>
                <td>#{id}</td>
                <td>
                  <code>{o.type}</code>
                </td>
                <td>{o.name ?? '—'}</td>
                <td>
                  {rs
                    ? rs.map((s, i) => (
                        <code key={i} data-state={s}>
                          {stateName(s)}
                        </code>
                      ))
                    : o.alive
                      ? ''
                      : t('lesson.released')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {st.deviceRemoved && (
        <p className="bad" role="alert">
          {t('lesson.deviceRemoved')}
        </p>
      )}
    </div>
  );
}
