// "Compare with the correct run": the same lesson without its bugs, side by side with the buggy frame, a pixel
// diff, and what differs in the messages and HRESULTs. Both frames are rendered offscreen on the live device.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gpuHost } from '../app-context';
import { LessonExecutor, OffscreenPresenter } from '../../gpu/executor';
import { readPresentedPixels } from '../../gpu/readback';
import type { LessonDef, LessonEnv, LessonRun } from '../../lessons/types';
import { FAILED } from '../../core';

interface Result {
  bug: Uint8Array | null;
  ok: Uint8Array | null;
  d: Uint8Array | null;
  diff: number;
  onlyBug: string[];
  onlyOk: string[];
  hrBug: string[];
}

async function frameOf(device: GPUDevice, def: LessonDef, run: LessonRun, size: number): Promise<Uint8Array> {
  const p = new OffscreenPresenter(device, size, size);
  // the frame the check grades (an animated lesson names a fixed one: LessonDef.gradeAt)
  const exec = new LessonExecutor(device);
  await exec.execute(p, run.sys, def.gradeAt ? def.gradeAt(run) : run.sys.callIndex);
  exec.release();
  const px = await readPresentedPixels(device, p.presented!, 0, 0, size, size);
  p.presented?.destroy();
  return px;
}

function draw(canvas: HTMLCanvasElement | null, px: Uint8Array | null, size: number) {
  const ctx = canvas?.getContext('2d');
  if (!ctx || !px) return;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(px), size, size), 0, 0);
}

export function CompareView({ def, env, run }: { def: LessonDef; env: LessonEnv; run: LessonRun }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [res, setRes] = useState<Result | null>(null);
  const refs = [useRef<HTMLCanvasElement>(null), useRef<HTMLCanvasElement>(null), useRef<HTMLCanvasElement>(null)];
  const size = def.canvasSize ? def.canvasSize(env) : env.width; // a resizing lesson's canvas (lesson 22)

  useEffect(() => {
    if (!open) return;
    let live = true;
    const correct = def.run({ ...env, bugs: new Set() });
    const ids = (r: LessonRun) => new Set(r.sys.messages.map((m) => m.id));
    const a = ids(run);
    const b = ids(correct);
    const hrBug = run.sys.trace.events
      .filter((e) => e.k === 'call' && e.hr && FAILED(e.hr))
      .map((e) => (e.k === 'call' ? `${e.api} → ${e.hr}` : ''));
    const base = { onlyBug: [...a].filter((x) => !b.has(x)), onlyOk: [...b].filter((x) => !a.has(x)), hrBug };
    const device = gpuHost.device;
    if (!device || !def.canvas) {
      setRes({ bug: null, ok: null, d: null, diff: 0, ...base });
      return;
    }
    void (async () => {
      const [bug, ok] = [await frameOf(device, def, run, size), await frameOf(device, def, correct, size)];
      let diff = 0;
      const d = new Uint8Array(bug.length);
      for (let i = 0; i < bug.length; i += 4) {
        const delta = Math.abs(bug[i] - ok[i]) + Math.abs(bug[i + 1] - ok[i + 1]) + Math.abs(bug[i + 2] - ok[i + 2]);
        const on = delta > 6;
        if (on) diff++;
        // differing pixels in red, the rest a dim grey of the correct frame
        const g = Math.round((ok[i] + ok[i + 1] + ok[i + 2]) / 12);
        d.set(on ? [255, 40, 40, 255] : [g, g, g, 255], i);
      }
      if (live) setRes({ bug, ok, d, diff, ...base });
    })();
    return () => {
      live = false;
    };
  }, [open, def, env, run, size]);

  useEffect(() => {
    if (!res) return;
    draw(refs[0].current, res.bug, size);
    draw(refs[1].current, res.ok, size);
    draw(refs[2].current, res.d, size);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [res, size]);

  if (env.bugs.size === 0) return null;
  return (
    <div className="compare">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="compare-toggle">
        {t('lesson.compare.button')}
      </button>
      {open && res && (
        <div data-testid="compare-view" data-diff-pixels={res.diff}>
          {def.canvas && res.bug && (
            <div className="compare-frames">
              <figure>
                <canvas ref={refs[0]} width={size} height={size} />
                <figcaption>{t('lesson.compare.withBugs')}</figcaption>
              </figure>
              <figure>
                <canvas ref={refs[1]} width={size} height={size} />
                <figcaption>{t('lesson.compare.correct')}</figcaption>
              </figure>
              <figure>
                <canvas ref={refs[2]} width={size} height={size} />
                <figcaption>{t('lesson.compare.diff', { n: res.diff, total: size * size })}</figcaption>
              </figure>
            </div>
          )}
          <ul className="compare-facts">
            <li>
              {t('lesson.compare.onlyBug')}:{' '}
              {res.onlyBug.length ? res.onlyBug.map((m) => <code key={m}>{m} </code>) : '—'}
            </li>
            <li>
              {t('lesson.compare.onlyOk')}: {res.onlyOk.length ? res.onlyOk.map((m) => <code key={m}>{m} </code>) : '—'}
            </li>
            <li>
              {t('lesson.compare.failedCalls')}:{' '}
              {res.hrBug.length ? res.hrBug.map((m) => <code key={m}>{m} </code>) : '—'}
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
