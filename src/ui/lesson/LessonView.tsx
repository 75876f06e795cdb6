import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DEFAULT_PANELS, type LessonDef, type LessonEnv } from '../../lessons/types';
import { exportRun } from '../../lessons/export';
import { callAt, indexTrace } from '../../core';
import { lessonStore, loadLesson, setCursor } from '../../state/lesson';
import { sessionStore } from '../../state/session';
import { useGpuStatus, usePrefs } from '../hooks';
import { prefsStore } from '../app-context';
import { CodeView } from './CodeView';
import { StepControls } from './StepControls';
import { CheckView } from './CheckView';
import { BugPanel } from './BugPanel';
import { MessageList } from './MessageList';
import { ShaderTabs } from './ShaderTabs';
import { Panels } from './Panels';
import { Prose } from './Prose';
import { OutputTables, isOutTable } from './OutputTables';
import { CanvasNotes } from './CanvasNotes';
import { CompareView } from './CompareView';
import { useModelOnlyCheck } from './useLessonCanvas';
import { LessonCanvas } from './LessonCanvas';
import { loadBugTexts, mergeBug, type BugText } from './content';
import { InstructorBar } from './instructor/InstructorBar';
import { KeyHelp } from './instructor/KeyHelp';
import { BugsRegion } from './instructor/BugsRegion';
import { MysteryQuiz } from './instructor/MysteryQuiz';
import { useInstructorKeys } from './instructor/useInstructorKeys';
import { newSeed, pickMystery } from './instructor/mystery';
import { encodeShare, parsePanels, parseSeed } from './instructor/share';
import './lesson.css';

const SIZE = 64;

/** One lesson: prose | code + steps | canvas + check + bugs, then the time cursor's panels. */
export function LessonView({ def }: { def: LessonDef }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const lang = usePrefs((s) => s.lang);
  const debugLayer = usePrefs((s) => s.debugLayer);
  const presentation = usePrefs((s) => s.presentation);
  const gpu = useGpuStatus();
  const folder = `${def.entry.id}-${def.entry.slug}`;
  const known = def.bugs.map((b) => b.id);
  // ?mystery=<seed>: the seed picks the bug (or none), replacing ?bugs=; the page never names it until answered
  const mysterySeed = parseSeed(params.get('mystery'));
  const mysteryBug = mysterySeed != null ? pickMystery(mysterySeed, def.entry.id, known) : null;
  const bugsKey = mysteryBug ?? (params.get('bugs') ?? '').split(',').filter((b) => known.includes(b)).sort().join(',');
  const live = def.usesLiveAdapter && gpu.adapter ? `${gpu.adapter.description || gpu.adapter.device}|${gpu.adapter.vendor}|${gpu.adapter.limits.maxBufferSize ?? 0}` : '';
  const env = useMemo<LessonEnv>(() => {
    const [description = '', vendor = '', max = '0'] = live ? live.split('|') : [];
    return {
      debugLayer, bugs: new Set(bugsKey.split(',').filter(Boolean)), width: SIZE, height: SIZE,
      liveAdapter: live ? { description, vendor, maxBufferSize: Number(max) } : null,
    };
  }, [debugLayer, bugsKey, live]);

  useEffect(() => {
    const run = loadLesson(def, env);
    sessionStore.setState({ exportTrace: () => exportRun(folder, [...env.bugs], env.debugLayer, run) });
    return () => sessionStore.setState({ exportTrace: null });
  }, [def, env, folder]);

  const s = useStore(lessonStore);
  const current = s.def === def ? s : null;
  useModelOnlyCheck(s.generation, def.canvas, gpu.status);

  // ?step=N: a link reproduces the step on screen (absent = run to end).
  const stepParam = params.get('step');
  useEffect(() => {
    if (stepParam != null && Number.isFinite(Number(stepParam))) setCursor(Number(stepParam));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.generation]);
  const atEnd = s.def === def && s.cursor === s.lastCall;
  useEffect(() => {
    if (s.def !== def || s.cursor < 0) return;
    const next = new URLSearchParams(window.location.search);
    const want = atEnd ? null : String(s.cursor);
    if (next.get('step') === want) return;
    if (want == null) next.delete('step'); else next.set('step', want);
    setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s.cursor, atEnd]);

  // A link's ?debug= / ?lang= follow the preferences once they change here (d key, language buttons): the app
  // re-applies those parameters whenever the query changes, so a stale one would undo the change at the next step.
  // Not on mount: there the link sets the preferences, not the other way round.
  const applied = useRef({ debugLayer, lang });
  useEffect(() => {
    if (applied.current.debugLayer === debugLayer && applied.current.lang === lang) return;
    applied.current = { debugLayer, lang };
    const q = new URLSearchParams(window.location.search);
    const want = { debug: debugLayer ? '1' : '0', lang };
    const stale = (['debug', 'lang'] as const).filter((k) => q.has(k) && q.get(k) !== want[k]);
    if (stale.length === 0) return;
    for (const k of stale) q.set(k, want[k]);
    setParams(q, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debugLayer, lang]);

  const [texts, setTexts] = useState<Map<string, BugText>>(new Map());
  useEffect(() => { void loadBugTexts(folder).then(setTexts); }, [folder]);
  const bugs = def.bugs.map((b) => mergeBug(b, texts.get(b.id)));

  const toggle = (id: string) => {
    const set = new Set(env.bugs);
    if (set.has(id)) set.delete(id); else set.add(id);
    const next = new URLSearchParams(params);
    if (set.size) next.set('bugs', [...set].sort().join(',')); else next.delete('bugs');
    setParams(next, { replace: true });
  };

  const setMystery = (seed: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('bugs');
    if (seed) next.set('mystery', seed); else next.delete('mystery');
    setParams(next);
  };

  // The panels: a link's ?panels= opens those; presentation mode opens the lesson's own set and hides the rest.
  const declared = def.panels ?? [...DEFAULT_PANELS];
  const urlPanels = parsePanels(params.get('panels'));
  const initialPanels = presentation ? (urlPanels ? declared.filter((p) => urlPanels.includes(p)) : declared) : urlPanels ?? undefined;

  const shareUrl = () => {
    // the open panels live inside DebuggerPanels: read them off its tab buttons, as they are on screen
    const tabs = [...document.querySelectorAll<HTMLElement>('.lesson .panels [data-panel-tab]')];
    const open = tabs.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.panelTab ?? '');
    const query = encodeShare({
      step: atEnd ? null : s.cursor, bugs: [...env.bugs], debugLayer, lang, presentation, mystery: mysterySeed,
      panels: tabs.length ? parsePanels(open.join(',')) : null,
    });
    return `${window.location.origin}${window.location.pathname}?${query}`;
  };

  const [bugsOpen, setBugsOpen] = useState(true);
  const bugsRef = useRef<HTMLDivElement>(null);
  const [help, setHelp] = useState(false);
  const [selectedCall, setSelectedCall] = useState<number | null>(null);
  const toggleBugs = () => {
    setBugsOpen((o) => !o);
    // focus follows the toggle, so a keyboard user lands on the panel (and never on content that just vanished)
    requestAnimationFrame(() => bugsRef.current?.focus());
  };
  const togglePresentation = () => prefsStore.getState().setPresentation(!prefsStore.getState().presentation);
  useInstructorKeys({ b: toggleBugs, p: togglePresentation, help: () => setHelp(true) });

  const run = current?.run ?? null;
  const cursor = current?.cursor ?? -1;
  // A call from the shared set-up (or the runtime itself) has no line here: keep the last line that ran.
  let line: number | null = null;
  if (current) for (let n = cursor; n >= 0 && line == null; n--) line = current.lines[n] ?? null;
  let selectedLine: number | null = null;
  if (current && selectedCall != null) for (let n = selectedCall; n >= 0 && selectedLine == null; n--) selectedLine = current.lines[n] ?? null;
  const callEvent = run?.sys.trace.events.find((e) => e.k === 'call' && e.i === cursor);
  const api = callEvent && callEvent.k === 'call' ? `${callEvent.api}${callEvent.hr ? ` → ${callEvent.hr}` : ''}` : '';
  const tables = Object.values(run?.out ?? {}).filter(isOutTable);
  const activeBugs = bugs.filter((b) => env.bugs.has(b.id));

  return (
    <main id="main" className="lesson" data-lesson={def.entry.id} data-generation={s.generation}>
      <section className="prose" aria-label={t('lesson.prose')} tabIndex={0}>
        <Prose folder={folder} lang={lang} fallbackTitle={`${def.entry.id} · ${def.entry.title[lang]}`} />
      </section>
      <section className="code" aria-label={t('lesson.code')}>
        <h2>{t('lesson.code')} <small className="muted">src/lessons/{folder}/code.ts</small></h2>
        <StepControls cursor={cursor} lastCall={current?.lastCall ?? -1} api={api} />
        {/* the source names every bug switch: a mystery hides it (the calls, canvas, messages and panels stay) */}
        {mysterySeed ? <p className="muted code-hidden" data-testid="code-hidden">{t('instructor.codeHidden')}</p>
          : <CodeView source={def.source} current={line} selected={selectedLine} label={t('lesson.code')} />}
        {def.shaders && <ShaderTabs shaders={def.shaders} />}
      </section>
      <section className="stage" aria-label={t('lesson.canvas')}>
        <InstructorBar shareUrl={shareUrl} presentation={presentation} onPresentation={togglePresentation}
          mystery={mysterySeed != null} onMystery={() => setMystery(mysterySeed ? null : newSeed())} onHelp={() => setHelp(true)} />
        <KeyHelp open={help} onClose={() => setHelp(false)} />
        {def.canvas && (gpu.status === 'unavailable'
          ? <p role="note" className="muted">{t('lesson.canvasMissing')}</p>
          : <LessonCanvas generation={s.generation} cursor={cursor} size={SIZE} />)}
        {def.canvas && <CanvasNotes canvas={current?.canvas ?? null} bugs={mysterySeed ? [] : activeBugs} lang={lang} cursor={cursor} />}
        {tables.length > 0 && <OutputTables tables={tables} lang={lang} />}
        <CheckView report={current?.check ?? null} lang={lang} />
        {run && <MessageList messages={run.sys.messages} cursor={cursor} debugLayer={debugLayer} onJump={setCursor} lang={lang}
          apiOf={(i) => callAt(indexTrace(run.sys.trace), i)?.api ?? `call ${i}`} />}
        {/* the quiz after the evidence (canvas, check, messages), in reading order */}
        {mysterySeed != null && mysteryBug != null && (
          <MysteryQuiz key={mysterySeed} seed={mysterySeed} truth={mysteryBug} bugs={bugs} def={def} env={env} lang={lang}
            run={current?.env === env ? run : null} onAnother={() => setMystery(newSeed())} onEnd={() => setMystery(null)} />
        )}
        <BugsRegion open={bugsOpen} onToggle={toggleBugs} regionRef={bugsRef} locked={mysterySeed != null}>
          <BugPanel bugs={bugs} active={env.bugs} onToggle={toggle} lang={lang} debugLayer={debugLayer} />
          {run && current?.env === env && <CompareView def={def} env={env} run={run} />}
        </BugsRegion>
      </section>
      {/* the panels component is itself the labelled "Debugger panels" region */}
      <div className="panels" data-only={presentation ? declared.join(' ') : undefined}>
        {run && <Panels trace={run.sys.trace} cursor={cursor} onCursor={setCursor} lang={lang} initialPanels={initialPanels} onSelectCall={setSelectedCall} />}
      </div>
    </main>
  );
}
