// The lesson's code column with the playground: "Edit" swaps the read-only code view for the editor (its code,
// CodeMirror's editing extensions, the D3D12 names: all in a lazily loaded chunk). A link whose fragment carries
// code (#code=…) opens the editor on that code and runs it.
import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LessonDef, LessonEnv } from '../../lessons/types';
import { closeEditor, openEditor, playStore, runEdited } from '../../state/playground';
import { warmSandbox } from '../../state/sandbox';
import { PLAY, type Lang } from './strings';
import { loadEdit } from './storage';
import './edit-bar.css';

const PlaygroundEditor = lazy(() => import('./PlaygroundEditor'));

export function PlaygroundCode({
  def,
  env,
  modelOnly,
  shown,
  correct,
  current,
  lang,
  children,
}: {
  def: LessonDef;
  env: LessonEnv;
  modelOnly: boolean;
  /** the code as it ran (the editor starts from it) and the correct variant (the solution) */
  shown: string;
  correct: string;
  current: number | null;
  lang: Lang;
  children: ReactNode;
}) {
  const folder = `${def.entry.id}-${def.entry.slug}`;
  const editing = useStore(playStore, (s) => s.lesson === folder);

  // a shared link with edited code: open it and run it, once per page load of this lesson
  useEffect(() => {
    if (!window.location.hash.startsWith('#code=')) return;
    let gone = false;
    void import('./link').then(({ decodeCode }) => {
      if (gone) return;
      const code = decodeCode(window.location.hash);
      if (code == null) return;
      if (code === '') {
        openEditor(folder, shown);
        playStore.setState({ notice: PLAY.badLink[lang] });
        return;
      }
      openEditor(folder, code);
      void runEdited(def, env, code, { modelOnly });
    });
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a link is read when the lesson opens
  }, [folder]);
  useEffect(() => () => closeEditor(), [folder]);
  // the debug layer, a bug toggle or a knob changed while the learner's code is what ran: run their code again
  // (the page has just started the shipped code's request for the new settings; this one replaces it)
  const envRef = useRef(env);
  useEffect(() => {
    if (envRef.current === env) return;
    envRef.current = env;
    const p = playStore.getState();
    if (p.lesson === folder && p.result && !p.running) void runEdited(def, env, p.text, { modelOnly });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new env re-runs
  }, [env]);

  return (
    <div className="playground" data-testid="playground" data-editing={editing ? 'on' : 'off'}>
      {!editing && (
        <div className="playground-bar edit-bar">
          <button
            type="button"
            data-testid="playground-edit"
            title={PLAY.editTitle[lang]}
            onPointerEnter={() => warmSandbox(folder, env)}
            onClick={() => {
              warmSandbox(folder, env);
              // the saved edit if there is one, else the lesson's code as shown
              const saved = loadEdit(folder);
              openEditor(folder, saved.text ?? shown);
              if (saved.corrupt) playStore.setState({ notice: PLAY.corrupt[lang] });
            }}
          >
            {PLAY.edit[lang]}
          </button>
        </div>
      )}
      {editing ? (
        <Suspense
          fallback={
            <pre className="code-loading" aria-busy="true" tabIndex={0}>
              {shown}
            </pre>
          }
        >
          <PlaygroundEditor
            def={def}
            env={env}
            modelOnly={modelOnly}
            shown={shown}
            correct={correct}
            current={current}
            lang={lang}
          />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}
