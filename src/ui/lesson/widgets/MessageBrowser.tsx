// Lesson 23's message browser: pick an earlier lesson and one of its bugs, run that variant through the model here
// (debug layer on), read its messages with severity and category filters, and step a cursor from break to break:
// "break on ERROR" stops at the call that raised the next message of that severity or worse, with its code line.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LessonDef } from '../../../lessons/types';
import { mapCallsToLines } from '../../../lessons/callsite';
import { lessonPath } from '../../../lessons/catalog';
import { SEVERITIES, earlierLessons, nextBreak, runVariant } from '../../../lessons/23-gpu-validation/browse';
import { MESSAGE_DEFS, callAt, indexTrace, type MessageSeverity } from '../../../core';
import { messageText } from '../../panels/layout/messageText';
import type { WidgetProps } from './types';
import { toggled } from '../../toggled';

const T = {
  title: { en: 'Message browser: every earlier bug', zh: '消息浏览器：前面各课的所有错误' },
  lesson: { en: 'Lesson', zh: '课程' },
  bug: { en: 'Bug', zh: '错误' },
  none: { en: '(correct code)', zh: '（正确代码）' },
  severity: { en: 'Severity', zh: '严重级别' },
  category: { en: 'Category', zh: '类别' },
  all: { en: 'all', zh: '全部' },
  declared: { en: 'Declared by the lesson', zh: '课程声明的消息' },
  raised: { en: 'raised', zh: '已产生' },
  notRaised: { en: 'not raised', zh: '未产生' },
  breakOn: { en: 'Break on', zh: '中断于' },
  run: { en: 'Run to next break', zh: '运行到下一个中断' },
  restart: { en: 'Restart', zh: '重新开始' },
  start: { en: 'Cursor at the start: no call run yet.', zh: '游标在开头：还没有运行任何调用。' },
  stopped: { en: 'Stopped at call', zh: '停在调用' },
  end: { en: 'Ran to the end: no further message at or above', zh: '已运行到结尾：之后没有达到该级别的消息' },
  line: { en: 'line', zh: '行' },
  count: { en: 'messages shown', zh: '条消息' },
  open: { en: 'Open that lesson with the step cursor at this call', zh: '打开该课程，步进游标停在这个调用' },
};

/** The browser runs every earlier lesson: their code loads with it, not with the app (issue 16). */
export function MessageBrowser(p: WidgetProps) {
  const [all, setAll] = useState<readonly LessonDef[] | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../lessons').then((m) => live && setAll(m.LESSON_LIST));
    return () => {
      live = false;
    };
  }, []);
  return all ? <LoadedMessageBrowser {...p} all={all} /> : null;
}

function LoadedMessageBrowser({ lang, all }: WidgetProps & { all: readonly LessonDef[] }) {
  const lessons = useMemo(() => earlierLessons(all), [all]);
  const [lessonId, setLessonId] = useState(lessons[0]?.entry.id ?? '');
  const def = lessons.find((d) => d.entry.id === lessonId) ?? lessons[0];
  const [bug, setBug] = useState<string>(def?.bugs[0]?.id ?? '');
  const [shownSev, setShownSev] = useState<ReadonlySet<MessageSeverity>>(new Set(SEVERITIES));
  const [category, setCategory] = useState('');
  const [threshold, setThreshold] = useState<MessageSeverity>('ERROR');
  const [cursor, setCursor] = useState(-1);
  const [ended, setEnded] = useState(false);

  const run = useMemo(() => (def ? runVariant(def, bug || null) : null), [def, bug]);
  const lines = useMemo(() => (def && run ? mapCallsToLines(def.source, run.sys.trace, run.sys) : []), [def, run]);
  if (!def || !run) return null;
  const messages = run.sys.messages;
  const categories = [...new Set(messages.map((m) => m.category))].sort();
  const shown = messages.filter((m) => shownSev.has(m.severity) && (!category || m.category === category));
  const declared = def.bugs.find((b) => b.id === bug)?.messages ?? [];
  const ix = indexTrace(run.sys.trace);
  const apiOf = (i: number) => callAt(ix, i)?.api ?? `call ${i}`;
  const lineOf = (i: number) => {
    for (let n = i; n >= 0; n--) if (lines[n] != null) return lines[n];
    return null;
  };
  const reset = () => {
    setCursor(-1);
    setEnded(false);
  };
  const choose = (id: string) => {
    const d = lessons.find((x) => x.entry.id === id);
    setLessonId(id);
    setBug(d?.bugs[0]?.id ?? '');
    setCategory('');
    reset();
  };
  const runToBreak = () => {
    const m = nextBreak(messages, threshold, cursor);
    if (m) setCursor(m.callIndex);
    else {
      setCursor(run.sys.callIndex);
      setEnded(true);
    }
  };
  const stopLine = cursor >= 0 ? lineOf(cursor) : null;
  const stopText = stopLine != null ? def.source.split('\n')[stopLine - 1]?.trim() : null;

  return (
    <section
      className="msg-browser"
      aria-label={T.title[lang]}
      data-testid="message-browser"
      data-lesson={def.entry.id}
      data-bug={bug}
    >
      <h3>{T.title[lang]}</h3>
      <p>
        <label>
          {T.lesson[lang]}{' '}
          <select data-testid="browser-lesson" value={def.entry.id} onChange={(e) => choose(e.target.value)}>
            {lessons.map((d) => (
              <option key={d.entry.id} value={d.entry.id}>
                {d.entry.id} · {d.entry.title[lang]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {T.bug[lang]}{' '}
          <select
            data-testid="browser-bug"
            value={bug}
            onChange={(e) => {
              setBug(e.target.value);
              setCategory('');
              reset();
            }}
          >
            {def.bugs.map((b) => (
              <option key={b.id} value={b.id}>
                {b.id}
              </option>
            ))}
            <option value="">{T.none[lang]}</option>
          </select>
        </label>
      </p>
      {declared.length > 0 && (
        <p data-testid="browser-declared">
          {T.declared[lang]}:{' '}
          {declared.map((id) => {
            const ok = messages.some((m) => m.id === id);
            return (
              <span key={id} data-declared={id} data-raised={ok}>
                {id} ({ok ? T.raised[lang] : T.notRaised[lang]}){' '}
              </span>
            );
          })}
        </p>
      )}
      <fieldset className="browser-filters">
        <legend>{T.severity[lang]}</legend>
        {SEVERITIES.map((s) => (
          <label key={s}>
            <input
              type="checkbox"
              data-testid={`browser-sev-${s}`}
              checked={shownSev.has(s)}
              onChange={() => setShownSev((old) => toggled(old, s))}
            />{' '}
            {s}{' '}
          </label>
        ))}
        <label>
          {T.category[lang]}{' '}
          <select data-testid="browser-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{T.all[lang]}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <p className="muted" data-testid="browser-count" data-count={shown.length}>
        {shown.length} / {messages.length} {T.count[lang]}
      </p>
      <ul className="message-list">
        {shown.map((m, k) => (
          <li
            key={k}
            data-testid="browser-message"
            data-browser-message-id={m.id}
            data-browser-severity={m.severity}
            data-browser-category={m.category}
            data-call={m.callIndex}
            className={`sev-${m.severity.toLowerCase()}${m.callIndex === cursor ? ' current' : ''}`}
          >
            <code>
              #{m.callIndex} D3D12 {m.severity}: {apiOf(m.callIndex)}: {messageText(m, lang)} [ {m.category}{' '}
              {m.severity} #{MESSAGE_DEFS[m.id]?.num ?? '?'}: {m.id} ]
            </code>
          </li>
        ))}
      </ul>
      <p>
        <label>
          {T.breakOn[lang]}{' '}
          <select
            data-testid="browser-break-severity"
            value={threshold}
            onChange={(e) => {
              setThreshold(e.target.value as MessageSeverity);
              reset();
            }}
          >
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" data-testid="browser-run" onClick={runToBreak} disabled={ended}>
          {T.run[lang]}
        </button>{' '}
        <button type="button" data-testid="browser-restart" onClick={reset}>
          {T.restart[lang]}
        </button>
      </p>
      <p data-testid="browser-cursor" data-call={cursor} data-ended={ended}>
        {cursor < 0 ? (
          T.start[lang]
        ) : ended ? (
          `${T.end[lang]} ${threshold} (${cursor}).`
        ) : (
          <>
            {T.stopped[lang]} {cursor}: <code>{apiOf(cursor)}</code>
            {stopLine != null && (
              <>
                {' '}
                — {T.line[lang]} {stopLine}: <code>{stopText}</code>
              </>
            )}{' '}
            <Link
              data-testid="browser-open"
              to={`${lessonPath(def.entry)}?${new URLSearchParams({ ...(bug ? { bugs: bug } : {}), debug: '1', step: String(cursor) }).toString()}`}
            >
              {T.open[lang]}
            </Link>
          </>
        )}
      </p>
    </section>
  );
}
