import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { lessonStore, type CanvasInfo } from '../../state/lesson';
import type { BugDef, LessonDef } from '../../lessons/types';
import type { NameOf } from '../../core';
import { hazardDetail, isDefinedOutcome } from './hazardDetail';

/** Joins the list of what ran into one comparable value (no operation's text holds this control character). */
const RAN_SEP = '\u001f';

/**
 * What the canvas shows and why: presented frame, WebGPU errors, skipped draws, simulated hazards. It reads the
 * frame's notes from the session itself (of `def`'s run), so a drawn frame re-renders these notes, not the lesson view
 * (issue 16: lesson 21 publishes a frame 30+ times a second).
 */
export function CanvasNotes({
  def,
  bugs,
  lang,
  cursor,
  names,
}: {
  def: LessonDef;
  bugs: BugDef[];
  lang: 'en' | 'zh';
  cursor: number;
  names?: NameOf;
}) {
  const { t } = useTranslation();
  const canvas = useStore(lessonStore, (s) => (s.def === def ? s.canvas : null));
  // what ran on WebGPU is the same list for many draws (and both the cursor and each drawn frame re-render the notes):
  // its element, translated text included, is made again only when the list changes
  const ranKey = canvas ? canvas.ran.join(RAN_SEP) : null;
  const ran = useMemo(
    () =>
      ranKey !== null && (
        <details className="ran" data-testid="webgpu-ran">
          <summary>{t('lesson.ranOnWebgpu', { n: ranKey === '' ? 0 : ranKey.split(RAN_SEP).length })}</summary>
          <ol>
            {(ranKey === '' ? [] : ranKey.split(RAN_SEP)).map((r, i) => (
              <li key={i}>
                <code>{r}</code>
              </li>
            ))}
          </ol>
        </details>
      ),
    [ranKey, t],
  );
  if (!canvas) return null;
  const simulated = bugs.filter((b) => b.simulated);
  const defined = canvas.hazards.filter(isDefinedOutcome);
  const undefinedHazards = canvas.hazards.filter((h) => !isDefinedOutcome(h));
  const item = (h: CanvasInfo['hazards'][number], i: number) => (
    <li key={i} data-hazard={h.kind}>
      <code>{h.kind}</code> (call {h.callIndex}): {hazardDetail(h.detail, names)}
    </li>
  );
  return (
    <div className="canvas-notes" data-testid="canvas-notes">
      <p className="muted" data-testid="presented-at" data-presented-at={canvas.presentedAt}>
        {canvas.presentedAt >= 0
          ? t('lesson.presentedAt', { n: canvas.presentedAt, cursor })
          : t('lesson.nothingPresented')}
      </p>
      {ran}
      {canvas.notes.map((n, i) => (
        <p key={i} className="note" data-testid="draw-note">
          {n}
        </p>
      ))}
      {canvas.gpuErrors.length > 0 && (
        <div className="gpu-errors" role="alert" data-testid="webgpu-errors" data-count={canvas.gpuErrors.length}>
          <strong>{t('lesson.webgpuErrors')}</strong>
          <ul>
            {canvas.gpuErrors.map((e, i) => (
              <li key={i}>
                <code>{e}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {defined.length > 0 && (
        <div className="hazard defined" role="note" data-testid="defined-hazard" data-count={defined.length}>
          <strong>{t('lesson.definedHazard')}</strong>
          <ul>{defined.map(item)}</ul>
        </div>
      )}
      {(undefinedHazards.length > 0 || simulated.length > 0) && (
        <div className="hazard" role="note" data-testid="simulated-hazard" data-count={undefinedHazards.length}>
          <strong>{t('lesson.simulatedHazard')}</strong>
          <ul>{undefinedHazards.map(item)}</ul>
          {simulated.map((b) => (
            <p key={b.id}>
              <code>{b.id}</code> — {t('lesson.realHardware')}: {(b.realHardware ?? b.lookFor)[lang]}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
