import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS: [string, string][] = [
  ['← →', 'arrows'],
  ['Home End', 'homeEnd'],
  ['[ ]', 'brackets'],
  ['d', 'd'],
  ['b', 'b'],
  ['p', 'p'],
  ['?', 'help'],
  ['Esc', 'esc'],
];

/**
 * The keyboard help: a modal <dialog> (the rest of the page is inert while it is open), Tab wraps inside it,
 * Esc closes it, and focus returns to where it was.
 */
export function KeyHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || !open) return;
    const back = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal?.();
    d.querySelector<HTMLElement>('button')?.focus();
    return () => {
      if (d.open) d.close();
      back?.focus?.();
    };
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    // showModal keeps focus out of the page but lets it reach the browser's own UI; keep it in the dialog
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])')];
    if (items.length === 0) return;
    const first = items[0],
      last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="key-help"
      aria-labelledby="key-help-title"
      data-testid="key-help"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id="key-help-title">{t('instructor.help.title')}</h2>
      <table>
        <tbody>
          {KEYS.map(([k, what]) => (
            <tr key={what}>
              <th scope="row">
                <kbd>{k}</kbd>
              </th>
              <td>{t(`instructor.help.keys.${what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} data-testid="key-help-close">
        {t('instructor.help.close')}
      </button>
    </dialog>
  );
}
