import { useTranslation } from 'react-i18next';
import { MESSAGE_DEFS, type D3D12Message, type NameOf } from '../../core';
import { messageLine, messageText } from '../panels/layout/messageText';

/**
 * The debug layer's output as of the cursor, as the real layer prints it
 * ("D3D12 ERROR: ... [ STATE_CREATION ERROR #645: CREATE_DESCRIPTOR_HEAP_INVALID_DESC ]").
 */
export function MessageList({
  messages,
  cursor,
  debugLayer,
  onJump,
  apiOf,
  lang,
  names,
}: {
  messages: readonly D3D12Message[];
  cursor: number;
  debugLayer: boolean;
  onJump(call: number): void;
  apiOf(callIndex: number): string;
  lang: 'en' | 'zh';
  names?: NameOf;
}) {
  const { t } = useTranslation();
  const shown = messages.filter((m) => m.callIndex <= cursor);
  return (
    <div className="message-list" data-testid="message-list" data-count={shown.length}>
      <h3>
        {t('lesson.output')} ({shown.length})
      </h3>
      {!debugLayer && <p className="muted">{t('lesson.debugOff')}</p>}
      {debugLayer && shown.length === 0 && <p className="muted">{t('lesson.noMessages')}</p>}
      <ul>
        {shown.map((m, i) => (
          <li key={i} data-message-id={m.id} data-severity={m.severity} className={`sev-${m.severity.toLowerCase()}`}>
            <button
              type="button"
              className="linkish"
              onClick={() => onJump(m.callIndex)}
              title={t('lesson.jumpToCall')}
            >
              #{m.callIndex}
            </button>{' '}
            <code>
              D3D12 {m.severity}: {messageLine(apiOf(m.callIndex), messageText(m, lang, undefined, names), m.id)} [{' '}
              {m.category} {m.severity} #{MESSAGE_DEFS[m.id]?.num ?? '?'}: {m.id} ]
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}
