import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The bug panel's region: a disclosure (button or the b key) that keeps its heading, so focus can land on the
 * region whether it opens or closes; locked (its content replaced) while a mystery is running.
 */
export function BugsRegion({
  open,
  onToggle,
  regionRef,
  locked,
  children,
}: {
  open: boolean;
  onToggle(): void;
  regionRef: RefObject<HTMLDivElement | null>;
  locked: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="bugs"
      role="region"
      aria-labelledby="bugs-heading"
      tabIndex={-1}
      ref={regionRef}
      data-testid="bugs-region"
      data-open={open}
    >
      <h2 id="bugs-heading">
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          aria-controls="bugs-body"
          onClick={onToggle}
          title={open ? t('instructor.bugsHide') : t('instructor.bugsShow')}
          data-testid="bugs-disclosure"
        >
          {t('lesson.bugs')}
        </button>
      </h2>
      <div id="bugs-body" hidden={!open}>
        {locked ? (
          <p className="muted" data-testid="bugs-locked">
            {t('instructor.bugsLocked')}
          </p>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
