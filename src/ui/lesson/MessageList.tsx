import { useTranslation } from 'react-i18next';
import type { D3D12Message } from '../../core/messages';

/**
 * The debug layer's output as of the cursor, as the real layer prints it
 * ("D3D12 ERROR: ... [ STATE_CREATION ERROR #645: CREATE_DESCRIPTOR_HEAP_INVALID_DESC ]").
 */
export function MessageList({ messages, cursor, debugLayer, onJump }: {
  messages: readonly D3D12Message[]; cursor: number; debugLayer: boolean; onJump(call: number): void;
}) {
  const { t } = useTranslation();
  const shown = messages.filter((m) => m.callIndex <= cursor);
  return (
    <div className="message-list" data-testid="message-list" data-count={shown.length}>
      <h3>{t('lesson.output')} ({shown.length})</h3>
      {!debugLayer && <p className="muted">{t('lesson.debugOff')}</p>}
      {debugLayer && shown.length === 0 && <p className="muted">{t('lesson.noMessages')}</p>}
      <ul>
        {shown.map((m, i) => (
          <li key={i} data-message-id={m.id} data-severity={m.severity} className={`sev-${m.severity.toLowerCase()}`}>
            <button type="button" className="linkish" onClick={() => onJump(m.callIndex)} title={t('lesson.jumpToCall')}>#{m.callIndex}</button>{' '}
            <code>D3D12 {m.severity}: [ {m.category} {m.severity}: {m.id} ]</code>
            {Object.keys(m.args).length > 0 && (
              <span className="args"> {Object.entries(m.args).map(([k, v]) => `${k}=${String(v)}`).join(', ')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
