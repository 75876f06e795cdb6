import { useEffect, useRef } from 'react';

/** The lesson's real code with line numbers; the line of the call at the cursor is highlighted. */
export function CodeView({ source, current, selected = null, label }: {
  source: string; current: number | null; selected?: number | null; label: string;
}) {
  const ref = useRef<HTMLOListElement>(null);
  // A selection made in a panel (a resource, a message, a call) brings its line into view, without moving the cursor.
  useEffect(() => {
    if (selected == null) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-line="${selected}"]`);
    if (el && ref.current) ref.current.parentElement!.scrollTo({ top: Math.max(0, el.offsetTop - ref.current.parentElement!.clientHeight / 3) });
  }, [selected]);
  useEffect(() => {
    if (current == null) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-line="${current}"]`);
    // keep the current line in view without moving the page
    if (el && ref.current) {
      const box = ref.current.parentElement!;
      const top = el.offsetTop - box.clientHeight / 3;
      box.scrollTo({ top: Math.max(0, top) });
    }
  }, [current]);
  const lines = source.replace(/\n$/, '').split('\n');
  return (
    <div className="code-scroll" tabIndex={0} aria-label={label}>
      <ol className="code-lines" ref={ref} data-testid="code-view" data-current-line={current ?? ''} data-selected-line={selected ?? ''}>
        {lines.map((text, i) => {
          const n = i + 1;
          const cur = n === current;
          return (
            <li key={n} data-line={n} className={[cur && 'current', n === selected && 'selected'].filter(Boolean).join(' ') || undefined} aria-current={cur ? 'step' : undefined}
              data-testid={cur ? 'code-line-current' : undefined}>
              <span className="ln" aria-hidden="true">{n}</span>
              <code>{cur ? '▶ ' : '  '}{text || ' '}</code>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
