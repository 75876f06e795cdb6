import { useTranslation } from 'react-i18next';

/** A ?bugs= id this lesson does not have: name it and the valid ones (the rest of the link still applies). */
export function UnknownBugsNotice({
  unknown,
  known,
  onDismiss,
}: {
  unknown: string[];
  known: string[];
  onDismiss(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="notice" role="alert" data-testid="unknown-bugs">
      {t('lesson.unknownBugs', { count: unknown.length, ids: unknown.join(', '), valid: known.join(', ') || '—' })}{' '}
      <button type="button" onClick={onDismiss}>
        {t('prefs.dismiss')}
      </button>
    </div>
  );
}
