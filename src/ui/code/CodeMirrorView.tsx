// The read-only code view on CodeMirror 6 (loaded lazily: the first page does not carry it). Line numbers, soft
// wrap (no line is clipped at any width), search (Ctrl/Cmd+F or the button), the call at the step cursor and the
// call chosen in a panel as line decorations, and, with a bug on, the lines that differ from the correct variant
// as a unified diff (removed lines shown above the added ones).
import { useEffect, useRef } from 'react';
import { EditorState, StateEffect, StateField, type Extension, RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import { syntaxHighlighting } from '@codemirror/language';
import { classHighlighter } from '@lezer/highlight';
import { openSearchPanel, search, searchKeymap } from '@codemirror/search';
import { unifiedMergeView } from '@codemirror/merge';
import { languageOf, type CodeLang } from './languages';

interface Marks {
  current: number | null;
  selected: number | null;
}
const setMarks = StateEffect.define<Marks>();

function decorate(state: EditorState, marks: Marks): DecorationSet {
  const b = new RangeSetBuilder<Decoration>();
  for (let n = 1; n <= state.doc.lines; n++) {
    const cls = [n === marks.current && 'cm-current-call', n === marks.selected && 'cm-selected-call']
      .filter(Boolean)
      .join(' ');
    const attributes: Record<string, string> = { 'data-line': String(n) };
    if (n === marks.current) Object.assign(attributes, { 'data-testid': 'code-line-current', 'aria-current': 'step' });
    b.add(state.doc.line(n).from, state.doc.line(n).from, Decoration.line({ class: cls || undefined, attributes }));
  }
  return b.finish();
}

const marksField = StateField.define<{ marks: Marks; deco: DecorationSet }>({
  create: (state) => ({
    marks: { current: null, selected: null },
    deco: decorate(state, { current: null, selected: null }),
  }),
  update(v, tr) {
    let marks = v.marks;
    for (const e of tr.effects) if (e.is(setMarks)) marks = e.value;
    return marks === v.marks && !tr.docChanged ? v : { marks, deco: decorate(tr.state, marks) };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

/** Where the view last put the scroll box itself (a different position means someone else scrolled it). */
const placed = new WeakMap<EditorView, number>();

/** Scrolls the code box alone (never the page) so that `line` sits a third of the way down. */
function bringIntoView(view: EditorView, line: number | null) {
  if (line == null || line < 1 || line > view.state.doc.lines) return;
  const pos = view.state.doc.line(line).from;
  // in CodeMirror's measure cycle, so the line heights (wrapped lines included) are known when we read them
  view.requestMeasure({
    key: 'bring-into-view',
    read: (v) => ({ top: v.lineBlockAt(pos).top, box: v.scrollDOM.clientHeight }),
    write: ({ top, box }, v) => {
      v.scrollDOM.scrollTop = Math.max(0, top - box / 3);
      placed.set(v, v.scrollDOM.scrollTop);
    },
  });
}

export interface CodeMirrorViewProps {
  text: string;
  /** the correct variant: when given and different, the view shows `text` as a diff against it */
  original?: string | null;
  lang: CodeLang;
  current?: number | null;
  selected?: number | null;
  label: string;
  searchLabel?: string;
  testId: string;
}

export default function CodeMirrorView({
  text,
  original = null,
  lang,
  current = null,
  selected = null,
  label,
  searchLabel,
  testId,
}: CodeMirrorViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const marks = useRef<Marks>({ current, selected });
  marks.current = { current, selected };
  const broughtAt = useRef(0);

  useEffect(() => {
    const extensions: Extension[] = [
      lineNumbers(),
      EditorState.readOnly.of(true),
      EditorView.lineWrapping,
      syntaxHighlighting(classHighlighter),
      languageOf(lang),
      search({ top: true }),
      keymap.of(searchKeymap),
      marksField,
      // the layout may settle after the first scroll (fonts, the panel column, the chunk that loads the prose):
      // while the marked line is fresh, a change of geometry brings it back into view
      EditorView.updateListener.of((u) => {
        const line = marks.current.current;
        if (
          !u.geometryChanged ||
          line == null ||
          line > u.state.doc.lines ||
          performance.now() - broughtAt.current > 3000
        )
          return;
        // never against the reader: once the box was scrolled by anyone else, it stays where they put it
        if (placed.has(u.view) && Math.abs(placed.get(u.view)! - u.view.scrollDOM.scrollTop) > 1) return;
        const pos = u.state.doc.line(line).from;
        if (pos < u.view.viewport.from || pos > u.view.viewport.to) bringIntoView(u.view, line);
      }),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-readonly': 'true' }),
    ];
    if (original != null && original !== text) {
      extensions.push(
        unifiedMergeView({ original, mergeControls: false, highlightChanges: false, syntaxHighlightDeletions: true }),
      );
    }
    const v = new EditorView({ parent: host.current!, state: EditorState.create({ doc: text, extensions }) });
    v.dispatch({ effects: setMarks.of(marks.current) });
    // the box scrolls: keyboard users reach it (the read-only content alone is not a focus stop for every reader)
    v.scrollDOM.tabIndex = 0;
    v.scrollDOM.setAttribute('aria-label', label);
    view.current = v;
    broughtAt.current = performance.now();
    bringIntoView(v, marks.current.current);
    return () => {
      v.destroy();
      view.current = null;
    };
  }, [text, original, lang, label]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ effects: setMarks.of({ current, selected }) });
  }, [current, selected]);
  // the step cursor and a selection made in a panel bring their line into view
  useEffect(() => {
    if (!view.current) return;
    broughtAt.current = performance.now();
    bringIntoView(view.current, current);
  }, [current]);
  useEffect(() => {
    if (view.current) bringIntoView(view.current, selected);
  }, [selected]);

  return (
    <div
      className="code-mirror"
      data-testid={testId}
      data-current-line={current ?? ''}
      data-selected-line={selected ?? ''}
      data-diff={original != null && original !== text ? 'on' : undefined}
    >
      {searchLabel && (
        <button
          type="button"
          className="code-search"
          data-testid={`${testId}-search`}
          onClick={() => {
            if (view.current) {
              openSearchPanel(view.current);
            }
          }}
        >
          {searchLabel}
        </button>
      )}
      <div ref={host} />
    </div>
  );
}
