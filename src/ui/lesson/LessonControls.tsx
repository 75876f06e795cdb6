// A lesson's own lab knobs (LessonDef.controls): lesson 21's GPU speed, lesson 22's window size. Each value lives in
// the URL (?<id>=value), so a link reproduces it; changing one is a new request (the page runs the lesson again).
import type { LessonControl } from '../../lessons/types';

export function LessonControls({
  controls,
  values,
  onChange,
  lang,
}: {
  controls: LessonControl[];
  values: Record<string, number>;
  onChange(id: string, value: number): void;
  lang: 'en' | 'zh';
}) {
  return (
    <div className="lesson-controls" data-testid="lesson-controls">
      {controls.map((c) => {
        const v = values[c.id] ?? c.default;
        return (
          <div key={c.id} className="lesson-control" data-control={c.id} data-value={v}>
            <span className="lesson-control-label" id={`control-${c.id}`}>
              {c.label[lang]}
            </span>
            {c.kind === 'range' ? (
              <>
                <input
                  type="range"
                  min={c.min}
                  max={c.max}
                  step={c.step}
                  value={v}
                  aria-labelledby={`control-${c.id}`}
                  data-testid={`control-${c.id}`}
                  onChange={(e) => onChange(c.id, Number(e.target.value))}
                />
                <output data-testid={`control-${c.id}-value`}>
                  {v} {c.unit}
                </output>
              </>
            ) : (
              <span role="group" aria-labelledby={`control-${c.id}`}>
                {c.options.map((o) => (
                  <button
                    key={o}
                    type="button"
                    aria-pressed={o === v}
                    data-testid={`control-${c.id}-${o}`}
                    onClick={() => onChange(c.id, o)}
                  >
                    {o} {c.unit}
                  </button>
                ))}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
