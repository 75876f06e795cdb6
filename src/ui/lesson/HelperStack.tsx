import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helperSource, type HelperSite } from '../../lessons/helpersite';
import { CodeBlock } from './CodeView';

/**
 * The call at the cursor was made in a shared helper (src/lessons/common/*.ts): a call-stack line names it and
 * where ("in createFrame, common/frame.ts:131"); clicking it opens that helper's code with the line marked.
 */
export function HelperStack({ site }: { site: HelperSite | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!site) return null;
  const src = helperSource(site.fn);
  const where = `${site.file}${site.line !== null ? `:${site.line}` : ''}`;
  return (
    <div className="helper-stack" data-testid="call-stack" data-helper={site.fn} data-where={where}>
      <button
        type="button"
        className="linkish"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="call-stack-link"
      >
        {t('lesson.inHelper', { fn: site.fn, where })}
      </button>
      {site.stack.length > 1 && <span className="muted"> ← {site.stack.slice(1).join(' ← ')}</span>}
      {open && src && (
        <div data-testid="helper-code">
          <CodeBlock
            text={src.source}
            lang="ts"
            testId="helper-code-view"
            label={`src/lessons/${src.file}`}
            selected={site.line}
          />
        </div>
      )}
    </div>
  );
}
