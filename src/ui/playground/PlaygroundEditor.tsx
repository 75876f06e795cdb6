// The editor (lazy chunk): the learner's version of the lesson code on CodeMirror, with the D3D12 names' autocomplete
// and hover, the last run's debug-layer messages, failed HRESULTs and sandbox error as lint diagnostics on their
// lines (each with a link into the debug log), Run (Ctrl/Cmd+Enter), Reset, Show solution (a diff to the lesson's
// correct code) and Copy link with the code.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { Compartment, EditorState, RangeSetBuilder, StateEffect, StateField, Transaction } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { syntaxHighlighting } from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';
import { autocompletion } from '@codemirror/autocomplete';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { unifiedMergeView } from '@codemirror/merge';
import type { LessonDef, LessonEnv } from '../../lessons/types';
import { lessonStore, setCursor } from '../../state/lesson';
import { requestRun } from '../../state/lessonRun';
import { playStore, closeEditor, runEdited, setEditorText, type Diagnostic } from '../../state/playground';
import { checkerStore, warmTypecheck } from '../../state/typecheck';
import { languageOf } from '../code/languages';
import { messageText, objectNames } from '../panels/layout/messageText';
import { d3d12Completions, d3d12Hover } from './assist';
import { saveEdit } from './storage';
import { encodeCode, LINK_CODE_MAX } from './link';
import { PLAY, fill, type Lang } from './strings';
import './playground.css';

const setCurrent = StateEffect.define<number | null>();
const currentField = StateField.define<{ line: number | null; deco: DecorationSet }>({
  create: () => ({ line: null, deco: Decoration.none }),
  update(v, tr) {
    let line = v.line;
    for (const e of tr.effects) if (e.is(setCurrent)) line = e.value;
    if (line === v.line && !tr.docChanged) return v;
    const b = new RangeSetBuilder<Decoration>();
    if (line != null && line >= 1 && line <= tr.state.doc.lines)
      b.add(
        tr.state.doc.line(line).from,
        tr.state.doc.line(line).from,
        Decoration.line({
          class: 'cm-current-call',
          attributes: { 'data-testid': 'code-line-current', 'aria-current': 'step' },
        }),
      );
    return { line, deco: b.finish() };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

/** The debug log's entry for message `index` (at its call): the cursor goes there and the entry is brought into view. */
function openInLog(callIndex: number, index: number) {
  setCursor(callIndex);
  requestAnimationFrame(() => {
    const li = document.querySelectorAll<HTMLElement>('[data-testid="message-list"] li')[index];
    if (!li) return;
    li.scrollIntoView({ block: 'center' });
    li.classList.add('flash');
    li.querySelector('button')?.focus({ preventScroll: true });
    setTimeout(() => li.classList.remove('flash'), 1500);
  });
}

function diagnosticText(d: Diagnostic, lang: Lang): string {
  if (d.kind === 'error') return `${PLAY.errorKind[d.id as keyof typeof PLAY.errorKind]?.[lang] ?? d.id}: ${d.text}`;
  if (d.kind === 'hresult') return d.text;
  const run = lessonStore.getState().run;
  const m = d.messageIndex != null ? run?.sys.messages[d.messageIndex] : undefined;
  if (!m || m.id !== d.id) return d.id;
  return `D3D12 ${m.severity}: ${messageText(m, lang, undefined, objectNames(run!.sys.trace))} [ ${m.id} ]`;
}

export default function PlaygroundEditor({
  def,
  env,
  modelOnly,
  shown,
  correct,
  current,
  lang,
}: {
  def: LessonDef;
  env: LessonEnv;
  modelOnly: boolean;
  shown: string;
  correct: string;
  current: number | null;
  lang: Lang;
}) {
  const folder = `${def.entry.id}-${def.entry.slug}`;
  const text = useStore(playStore, (s) => s.text);
  const running = useStore(playStore, (s) => s.running);
  const result = useStore(playStore, (s) => s.result);
  const diagnostics = useStore(playStore, (s) => s.diagnostics);
  const notice = useStore(playStore, (s) => s.notice);
  const playGen = useStore(playStore, (s) => s.generation);
  const editedShown = useStore(lessonStore, (s) => s.generation === playGen && s.def === def);
  const typesReady = useStore(checkerStore, (s) => s.ready === folder);
  const [solution, setSolution] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const solutionSlot = useRef(new Compartment());
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = () => {
    const v = view.current;
    if (!v || playStore.getState().running) return;
    void runEdited(def, env, v.state.doc.toString(), { modelOnly });
  };
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: playStore.getState().text,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([
            { key: 'Mod-Enter', run: () => (runRef.current(), true) },
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          EditorView.lineWrapping,
          syntaxHighlighting(classHighlighter),
          languageOf('ts'),
          lintGutter(),
          autocompletion({ override: [d3d12Completions] }),
          d3d12Hover,
          currentField,
          solutionSlot.current.of([]),
          EditorView.contentAttributes.of({ 'aria-label': PLAY.editorLabel[lang] }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            // TypeScript's checker loads when the learner starts typing (seconds of CPU: not on a mere look, nor when
            // runCode or a link sets the text)
            if (u.transactions.some((tr) => tr.annotation(Transaction.userEvent) !== undefined)) warmTypecheck(folder);
            const doc = u.state.doc.toString();
            setEditorText(doc);
            if (saveTimer.current) clearTimeout(saveTimer.current);
            saveTimer.current = setTimeout(() => saveEdit(folder, doc === shown ? null : doc), 300);
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one editor per lesson; text comes in below
  }, [folder]);

  // text set from outside (runCode, a link, Reset) replaces the document
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== text)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const line = editedShown ? current : null;
    v.dispatch({ effects: setCurrent.of(line) });
    // the step cursor's line comes into view in the editor's own box (never the page), as in the read-only view
    scrollBoxTo(v, line);
  }, [current, editedShown]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const doc = v.state.doc;
    const cm: CmDiagnostic[] = diagnostics
      .filter((d) => d.line >= 1 && d.line <= doc.lines)
      .map((d) => ({
        from: doc.line(d.line).from,
        to: doc.line(d.line).to,
        severity: d.severity,
        source: d.kind === 'message' ? 'D3D12 debug layer' : d.kind === 'hresult' ? 'HRESULT' : 'sandbox',
        message: diagnosticText(d, lang),
        actions:
          d.kind === 'message' && d.callIndex != null
            ? [{ name: PLAY.inLog[lang], apply: () => openInLog(d.callIndex!, d.messageIndex!) }]
            : [],
      }));
    v.dispatch(setDiagnostics(v.state, cm));
  }, [diagnostics, lang]);

  useEffect(() => {
    view.current?.dispatch({
      effects: solutionSlot.current.reconfigure(
        solution ? unifiedMergeView({ original: correct, mergeControls: false, highlightChanges: false }) : [],
      ),
    });
  }, [solution, correct]);

  const [linkNote, setLinkNote] = useState<string | null>(null);
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const copyLink = () => {
    const code = encodeCode(view.current?.state.doc.toString() ?? text);
    if ('tooLong' in code) {
      setLinkUrl(null);
      setLinkNote(fill(PLAY.tooLong[lang], { n: code.tooLong, max: LINK_CODE_MAX }));
      return;
    }
    const url = `${window.location.origin}${window.location.pathname}${window.location.search}${code.fragment}`;
    void navigator.clipboard?.writeText(url).catch(() => undefined);
    setLinkNote(PLAY.copied[lang]);
    setLinkUrl(url);
  };
  const backToLesson = () => {
    if (lessonStore.getState().generation === playStore.getState().generation) requestRun(def, env, { modelOnly });
  };

  const status = running ? 'running' : (result?.status ?? 'idle');
  return (
    <div
      className="playground-editor"
      data-testid="playground-editor"
      data-status={status}
      data-level={result?.level ?? ''}
      data-error-code={result?.error?.code ?? ''}
      data-typecheck={typesReady ? 'ready' : 'loading'}
    >
      <div className="playground-bar" role="toolbar" aria-label={PLAY.edited[lang]}>
        <button type="button" data-testid="playground-run" onClick={run} disabled={running} title="Ctrl/Cmd+Enter">
          {running ? PLAY.running[lang] : PLAY.run[lang]}
        </button>
        <button
          type="button"
          data-testid="playground-reset"
          onClick={() => {
            saveEdit(folder, null);
            setEditorText(shown);
            playStore.setState({ result: null, diagnostics: [] });
            backToLesson();
          }}
        >
          {PLAY.reset[lang]}
        </button>
        <button
          type="button"
          data-testid="playground-solution"
          aria-pressed={solution}
          onClick={() => setSolution((s) => !s)}
        >
          {solution ? PLAY.hideSolution[lang] : PLAY.solution[lang]}
        </button>
        <button type="button" data-testid="playground-copy-link" onClick={copyLink}>
          {PLAY.copyLink[lang]}
        </button>
        <button
          type="button"
          data-testid="playground-done"
          onClick={() => {
            backToLesson();
            closeEditor();
          }}
        >
          {PLAY.done[lang]}
        </button>
      </div>
      {(notice || linkNote) && (
        <p role="status" className="muted" data-testid="playground-notice">
          {linkNote ?? notice}
        </p>
      )}
      {linkUrl && (
        <p className="muted playground-link">
          <a data-testid="playground-link" href={linkUrl}>
            {PLAY.edited[lang]}
          </a>
        </p>
      )}
      {result?.error && (
        <p
          role="alert"
          className="playground-error"
          data-testid="playground-error"
          data-code={result.error.code}
          data-line={result.error.line ?? ''}
        >
          {PLAY.errorKind[result.error.code][lang]}
          {result.error.line ? ` (${PLAY.line[lang]} ${result.error.line})` : ''}: {result.error.message}
        </p>
      )}
      <div ref={host} className="code-mirror playground-code" />
      <details className="playground-problems" open={diagnostics.length > 0} data-testid="playground-problems">
        <summary>
          {PLAY.problems[lang]} ({diagnostics.length})
        </summary>
        {diagnostics.length === 0 && result && <p className="muted">{PLAY.noProblems[lang]}</p>}
        <ul>
          {diagnostics.map((d, i) => (
            <li key={i} data-line={d.line} data-id={d.id} data-kind={d.kind} data-severity={d.severity}>
              <button type="button" className="linkish" onClick={() => jumpToLine(view.current, d.line)}>
                {d.line}
              </button>{' '}
              {diagnosticText(d, lang)}{' '}
              {d.kind === 'message' && d.callIndex != null && (
                <button
                  type="button"
                  className="linkish"
                  data-testid="playground-in-log"
                  onClick={() => openInLog(d.callIndex!, d.messageIndex!)}
                >
                  {PLAY.inLog[lang]}
                </button>
              )}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

function scrollBoxTo(v: EditorView, line: number | null) {
  if (line == null || line < 1 || line > v.state.doc.lines) return;
  const pos = v.state.doc.line(line).from;
  v.requestMeasure({
    key: 'playground-bring-into-view',
    read: (view) => ({ top: view.lineBlockAt(pos).top, box: view.scrollDOM.clientHeight }),
    write: ({ top, box }, view) => {
      view.scrollDOM.scrollTop = Math.max(0, top - box / 3);
    },
  });
}

function jumpToLine(v: EditorView | null, line: number) {
  if (!v || line < 1 || line > v.state.doc.lines) return;
  const pos = v.state.doc.line(line).from;
  v.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
  v.focus();
}
