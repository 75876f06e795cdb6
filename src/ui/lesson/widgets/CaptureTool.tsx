// Lesson 25's capture tool: save the frame on the canvas as a capture file (a download), and replay a file picked
// or dropped here. A file is checked before anything changes: its size before it is read, then its JSON, format,
// version and calls, then a replay on a fresh model; only a file that replays replaces the page's run. A bad one
// gets an error in the page's language and the page keeps what it had.
import { useEffect, useState, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { lessonStore } from '../../../state/lesson';
import { captureOf } from '../../../lessons/25-capture';
import { captureText, replayText } from '../../../lessons/25-capture/capture';
import { checkCaptureSize, type CaptureError } from '../../../lessons/25-capture/format';
import { loadedCapture, setLoadedCapture } from '../../../lessons/25-capture/slot';
import type { WidgetProps } from './types';

const T = {
  title: { en: 'Capture', zh: '捕获' },
  save: { en: 'Save capture of this frame', zh: '保存这一帧的捕获' },
  pick: { en: 'Replay a capture file', zh: '回放捕获文件' },
  drop: { en: 'or drop a capture file here', zh: '或把捕获文件拖到这里' },
  replaying: { en: 'Replaying', zh: '正在回放' },
  back: { en: 'Back to the lesson code', zh: '回到课程代码' },
  live: { en: "The canvas shows the lesson code's own frame.", zh: '画布显示的是课程代码自己渲染的帧。' },
  reading: { en: 'Reading', zh: '正在读取' },
  calls: { en: 'calls', zh: '个调用' },
};

export type LoadOutcome = { ok: true; calls: number } | { ok: false; error: CaptureError };

/** The capture of the page's current run (null before a run). */
export function currentCaptureText(): string | null {
  const { run, env } = lessonStore.getState();
  return run && env ? captureText(captureOf(run, env)) : null;
}

export function CaptureTool({ lang, rerun }: WidgetProps) {
  const [error, setError] = useState<CaptureError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const generation = useStore(lessonStore, (s) => s.generation);
  const loaded = loadedCapture();

  /** Text already read → checked and replayed once; only then does the page switch to it. */
  const loadText = (text: string, fileName: string): LoadOutcome => {
    const r = replayText(text);
    if (!r.ok || !r.capture) {
      const e = r.ok ? null : r.error;
      setError(e);
      return { ok: false, error: e! };
    }
    setError(null);
    setLoadedCapture({ fileName, capture: r.capture });
    rerun();
    return { ok: true, calls: r.capture.calls.length };
  };

  const loadFile = async (file: File): Promise<LoadOutcome> => {
    const gate = checkCaptureSize(file.size);
    if (gate) {
      setError(gate);
      return { ok: false, error: gate };
    }
    setBusy(file.name);
    try {
      return loadText(await file.text(), file.name);
    } finally {
      setBusy(null);
    }
  };

  // the automation contract (README): save the current frame's capture, and load one as if picked
  useEffect(() => {
    const lab = window.d3d12lab as unknown as Record<string, unknown> | undefined;
    if (!lab) return;
    lab.saveCapture = () => currentCaptureText();
    lab.loadCapture = (text: string, fileName = 'capture.json') => loadText(String(text), fileName);
    return () => {
      delete lab.saveCapture;
      delete lab.loadCapture;
    };
  });

  // leaving the page returns lesson 25 to its own code
  useEffect(() => () => setLoadedCapture(null), []);

  const save = () => {
    const text = currentCaptureText();
    if (!text) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    a.download = 'frame-25-capture.d3d12cap.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f) void loadFile(f);
  };

  return (
    <section
      className="capture-tool"
      aria-label={T.title[lang]}
      data-testid="capture-tool"
      data-generation={generation}
    >
      <h3>{T.title[lang]}</h3>
      <p>
        <button type="button" onClick={save} data-testid="capture-save">
          {T.save[lang]}
        </button>
      </p>
      <div
        className={`capture-drop${over ? ' over' : ''}`}
        data-testid="capture-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label>
          {T.pick[lang]}{' '}
          <input
            type="file"
            accept=".json,application/json"
            data-testid="capture-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void loadFile(f);
            }}
          />
        </label>
        <span className="muted"> {T.drop[lang]}</span>
      </div>
      {busy && (
        <p className="muted">
          {T.reading[lang]} {busy}…
        </p>
      )}
      {error && (
        <p role="alert" className="capture-error" data-testid="capture-error" data-error-code={error.code}>
          {error.message[lang]}
        </p>
      )}
      {loaded ? (
        <p data-testid="capture-status" data-state="replay">
          {T.replaying[lang]} <strong>{loaded.fileName}</strong> ({loaded.capture.calls.length} {T.calls[lang]}){' '}
          <button
            type="button"
            className="link"
            data-testid="capture-back"
            onClick={() => {
              setLoadedCapture(null);
              setError(null);
              rerun();
            }}
          >
            {T.back[lang]}
          </button>
        </p>
      ) : (
        <p className="muted" data-testid="capture-status" data-state="live">
          {T.live[lang]}
        </p>
      )}
    </section>
  );
}
