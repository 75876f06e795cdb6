import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The instructor's toolbar: copy a link to this screen, presentation mode, a mystery bug, the keyboard help. */
export function InstructorBar({
  shareUrl,
  presentation,
  onPresentation,
  onMystery,
  mystery,
  onHelp,
}: {
  shareUrl(): string;
  presentation: boolean;
  onPresentation(): void;
  onMystery(): void;
  mystery: boolean;
  onHelp(): void;
}) {
  const { t } = useTranslation();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const copy = async () => {
    const url = shareUrl();
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('instructor.copied'));
    } catch {
      // no clipboard permission (or an insecure page): the link is in the field, selected, to copy by hand
      setStatus(t('instructor.copyFailed'));
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[data-testid="share-link"]')?.select());
    }
  };
  return (
    <div className="instructor-bar" role="toolbar" aria-label={t('instructor.toolbar')} data-testid="instructor-bar">
      <button type="button" onClick={() => void copy()} data-testid="copy-link">
        {t('instructor.copyLink')}
      </button>
      <button
        type="button"
        aria-pressed={presentation}
        onClick={onPresentation}
        title={t('instructor.presentationHint')}
        data-testid="presentation-toggle"
      >
        {t('instructor.presentation')}
      </button>
      <button
        type="button"
        aria-pressed={mystery}
        onClick={onMystery}
        title={t('instructor.mysteryHint')}
        data-testid="mystery-start"
      >
        {t('instructor.mystery')}
      </button>
      <button type="button" onClick={onHelp} data-testid="key-help-open">
        {t('instructor.keys')}
      </button>
      {link != null && (
        <input
          className="share-link"
          readOnly
          value={link}
          aria-label={t('instructor.linkLabel')}
          data-testid="share-link"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      <span role="status" className="muted share-status">
        {status}
      </span>
    </div>
  );
}
