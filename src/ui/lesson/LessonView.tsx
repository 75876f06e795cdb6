import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_PANELS, controlValue, type LessonDef, type LessonEnv } from '../../lessons/types';
import { callAt, indexTrace } from '../../core';
import { shownSource } from '../../lessons/shown';
import { lessonStore, setCursor, setOpenPanels } from '../../state/lesson';
import { useGpuStatus, usePrefs } from '../hooks';
import { CodeView } from './CodeView';
import { PlaygroundCode } from '../playground/PlaygroundCode';
import { StepControls } from './StepControls';
import { CheckView } from './CheckView';
import { BugPanel } from './BugPanel';
import { MessageList } from './MessageList';
import { objectNames } from '../panels/layout/messageText';
import { ShaderTabs } from './ShaderTabs';
import { Panels } from './Panels';
import { Prose } from './Prose';
import { OutputTables, isOutTable } from './OutputTables';
import { CanvasNotes } from './CanvasNotes';
import { CompareView } from './CompareView';
import { requestRun, settleWithoutCanvas } from '../../state/lessonRun';
import { CANVAS_SIZE, lessonEnv } from '../../state/lessonBoot';
import { useLessonQuery, useLessonUrlSync } from './useLessonQuery';
import { UnknownBugsNotice } from './UnknownBugsNotice';
import { LessonWidget } from './widgets';
import { LessonCanvas } from './LessonCanvas';
import { LessonControls } from './LessonControls';
import { FramePlayer } from './FramePlayer';
import { PngPicker } from './PngPicker';
import { pngStore } from '../../state/png';
import type { UploadView } from '../../lessons/11-png-decode/code';
import { InstructorBar } from './instructor/InstructorBar';
import { KeyHelp } from './instructor/KeyHelp';
import { BugsRegion } from './instructor/BugsRegion';
import { MysteryQuiz } from './instructor/MysteryQuiz';
import { useInstructorKeys } from './instructor/useInstructorKeys';
import { encodeShare } from './instructor/share';
import { useProgressRecord } from './useProgressRecord';
import { HelperStack } from './HelperStack';
import { helperSites, lessonLineOfHelper } from '../../lessons/helpersite';
import { useLatestCallback } from '../useLatestCallback';
import './lesson.css';

/** One lesson: prose | code + steps | canvas + check + bugs, then the time cursor's panels. */
export function LessonView({ def }: { def: LessonDef }) {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const debugLayer = usePrefs((s) => s.debugLayer);
  const presentation = usePrefs((s) => s.presentation);
  const gpu = useGpuStatus();
  const folder = `${def.entry.id}-${def.entry.slug}`;
  const known = def.bugs.map((b) => b.id);
  const q = useLessonQuery(def);
  const { mysterySeed, mysteryBug, bugsKey } = q;
  // the lesson's own knobs (LessonDef.controls), from ?<id>= (absent: their defaults)
  const controls = useMemo(() => def.controls ?? [], [def]);
  const paramsKey = q.controlsKey(controls);
  // lesson 11: the learner's own PNG, once picked, is part of what the lesson runs on
  const pickedPng = useStore(pngStore, (st) => st.image);
  const image = def.acceptsPng ? pickedPng : null;
  const live =
    def.usesLiveAdapter && gpu.adapter
      ? `${gpu.adapter.description || gpu.adapter.device}|${gpu.adapter.vendor}|${gpu.adapter.limits.maxBufferSize ?? 0}`
      : '';
  const env = useMemo<LessonEnv>(
    () => lessonEnv(def, { debugLayer, bugsKey, live, paramsKey, image }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paramsKey stands for the controls' values
    [debugLayer, bugsKey, live, paramsKey, image],
  );
  const controlValues = useMemo(
    () => Object.fromEntries(controls.map((c) => [c.id, controlValue(c, env)])),
    [controls, env],
  );

  // A lesson that reads the live adapter waits for it, so the first run is the one that settles (no second
  // request the moment WebGPU answers).
  const waiting = Boolean(def.usesLiveAdapter) && gpu.status === 'pending';
  // No canvas to draw on: the check grades the model alone.
  const modelOnly = !def.canvas || gpu.status === 'unavailable';
  // a lesson's own tool on the page (widgets/) runs the lesson again after changing what its run() reads
  const rerun = useLatestCallback(() => {
    requestRun(def, env, { modelOnly });
  });
  useEffect(() => {
    if (!waiting) return requestRun(def, env, { modelOnly });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, env, waiting]);
  // WebGPU turned out to be missing after the run started: settle it on the model alone.
  useEffect(() => {
    if (modelOnly && !waiting) void settleWithoutCanvas();
  }, [modelOnly, waiting]);
  useEffect(() => () => setOpenPanels(null), []);

  // this lesson's slice of the session (the store may still hold the previous lesson for a moment)
  const current = useStore(
    lessonStore,
    useShallow((s) =>
      s.def === def
        ? {
            run: s.run,
            env: s.env,
            cursor: s.cursor,
            lastCall: s.lastCall,
            lines: s.lines,
          }
        : null,
    ),
  );
  const generation = useStore(lessonStore, (s) => s.generation);
  const atEnd = current != null && current.cursor === current.lastCall;
  useLessonUrlSync(
    { generation, cursor: current?.cursor ?? -1, atEnd, current: current != null },
    { debugLayer, lang },
  );

  const bugs = def.bugs;
  // the code as it ran (bug switches resolved), and the correct variant it is compared with
  const correctShown = useMemo(() => shownSource(def.source), [def]);
  const shown = useMemo(
    () => (env.bugs.size ? shownSource(def.source, env.bugs) : correctShown),
    [def, env.bugs, correctShown],
  );

  // The panels: a link's ?panels= opens those; presentation mode opens the lesson's own set and hides the rest.
  const declared = def.panels ?? [...DEFAULT_PANELS];
  const urlPanels = q.urlPanels;
  // presentation shows the link's chosen panels (?present=1&panels=heap), else the lesson's own set
  const presented = urlPanels ?? declared;
  const initialPanels = presentation ? presented : (urlPanels ?? undefined);

  const shareUrl = useLatestCallback(() => {
    const open = lessonStore.getState().openPanels;
    const query = new URLSearchParams(
      encodeShare({
        step: atEnd ? null : (current?.cursor ?? null),
        bugs: [...env.bugs],
        debugLayer,
        lang,
        presentation,
        mystery: mysterySeed,
        panels: open ? [...open] : null,
      }),
    );
    // the lesson's own knobs travel with the link too (lesson 21's GPU speed, lesson 22's window size)
    for (const c of controls) query.set(c.id, String(controlValues[c.id]));
    return `${window.location.origin}${window.location.pathname}?${query.toString()}`;
  });

  const [bugsOpen, setBugsOpen] = useState(true);
  const bugsRef = useRef<HTMLDivElement>(null);
  const [help, setHelp] = useState(false);
  const [selectedCall, setSelectedCall] = useState<number | null>(null);
  const toggleBugs = useCallback(() => {
    setBugsOpen((o) => !o);
    // focus follows the toggle, so a keyboard user lands on the panel (and never on content that just vanished)
    requestAnimationFrame(() => bugsRef.current?.focus());
  }, []);
  // a per-link setting: the toggle writes ?present= (the page follows the link), never a saved preference
  const togglePresentation = useLatestCallback(() => q.togglePresentation());
  const openHelp = useCallback(() => setHelp(true), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  useInstructorKeys({ b: toggleBugs, p: togglePresentation, help: openHelp });
  // the query's handlers are new at each render: stable ones, so the memoised parts below keep their elements
  const toggleMystery = useLatestCallback(() => (mysterySeed ? q.endMystery() : q.startMystery()));
  const setControl = useLatestCallback((id: string, value: number) => q.setControl(id, value));
  const toggleBug = useLatestCallback((id: string) => q.toggleBug(id));

  const run = current?.run ?? null;
  const cursor = current?.cursor ?? -1;
  // A call from the shared set-up (or the runtime itself) has no line here: keep the last line that ran.
  let line: number | null = null;
  if (current) for (let n = cursor; n >= 0 && line == null; n--) line = current.lines[n] ?? null;
  // a call made in a shared helper: the lesson line that called the helper, and a call-stack line for the helper
  const sites = useMemo(() => (run ? helperSites(run.sys) : []), [run]);
  const site = (current && sites[cursor]) || null;
  if (site) line = lessonLineOfHelper(shown, site.stack[site.stack.length - 1], line) ?? line;
  let selectedLine: number | null = null;
  if (current && selectedCall != null)
    for (let n = selectedCall; n >= 0 && selectedLine == null; n--) selectedLine = current.lines[n] ?? null;
  // the call at the cursor through the trace's index (cached per trace), not a search of every event at each step
  const callEvent = run ? callAt(indexTrace(run.sys.trace), cursor) : undefined;
  const api = callEvent ? `${callEvent.api}${callEvent.hr ? ` → ${callEvent.hr}` : ''}` : '';
  const names = useMemo(() => (run ? objectNames(run.sys.trace) : undefined), [run]);
  const activeBugs = useMemo(() => bugs.filter((b) => env.bugs.has(b.id)), [bugs, env.bugs]);
  const mystery = mysterySeed != null;
  const sameEnv = current?.env === env;

  // What does not follow the cursor keeps its element from one render to the next, so a step of the cursor (40 a
  // second while lesson 21 plays) re-renders only what shows the step: the code line, the canvas and its notes, the
  // messages, the panels. The rest (toolbar, key help, knobs, tables, check, bugs) re-renders when its inputs change.
  const instructorBar = useMemo(
    () => (
      <InstructorBar
        shareUrl={shareUrl}
        presentation={presentation}
        onPresentation={togglePresentation}
        mystery={mystery}
        onMystery={toggleMystery}
        onHelp={openHelp}
      />
    ),
    [shareUrl, presentation, togglePresentation, mystery, toggleMystery, openHelp],
  );
  const keyHelp = useMemo(() => <KeyHelp open={help} onClose={closeHelp} />, [help, closeHelp]);
  const lessonControls = useMemo(
    () =>
      controls.length > 0 ? (
        <LessonControls controls={controls} values={controlValues} onChange={setControl} lang={lang} />
      ) : null,
    [controls, controlValues, setControl, lang],
  );
  const outputTables = useMemo(() => {
    const tables = Object.values(run?.out ?? {}).filter(isOutTable);
    return tables.length > 0 ? <OutputTables tables={tables} lang={lang} /> : null;
  }, [run, lang]);
  const widget = useMemo(() => <LessonWidget def={def} env={env} lang={lang} rerun={rerun} />, [def, env, lang, rerun]);
  const check = useMemo(
    () => (
      <>
        {/* a mystery hides the check (it tells which level failed) until the quiz ends; automation still reads it */}
        <div hidden={mystery}>
          <LessonCheck def={def} lang={lang} mystery={mystery} />
        </div>
        {mystery && (
          <p className="muted" data-testid="check-hidden">
            {t('instructor.checkHidden')}
          </p>
        )}
      </>
    ),
    [def, lang, mystery, t],
  );
  const bugsRegion = useMemo(
    () => (
      <BugsRegion open={bugsOpen} onToggle={toggleBugs} regionRef={bugsRef} locked={mystery}>
        <BugPanel bugs={bugs} active={env.bugs} onToggle={toggleBug} lang={lang} debugLayer={debugLayer} />
        {run && sameEnv && <CompareView def={def} env={env} run={run} />}
      </BugsRegion>
    ),
    [bugsOpen, toggleBugs, mystery, bugs, env, toggleBug, lang, debugLayer, run, sameEnv, def],
  );
  const shaderTabs = useMemo(() => def.shaders && <ShaderTabs shaders={def.shaders} />, [def.shaders]);

  return (
    <main id="main" className="lesson" data-lesson={def.entry.id} data-generation={generation}>
      <section className="prose" aria-label={t('lesson.prose')} tabIndex={0}>
        <Prose folder={folder} lang={lang} fallbackTitle={`${def.entry.id} · ${def.entry.title[lang]}`} />
      </section>
      <section className="code" aria-label={t('lesson.code')}>
        <h2>
          {t('lesson.code')} <small className="muted">src/lessons/{folder}/code.ts</small>
        </h2>
        <StepControls cursor={cursor} lastCall={current?.lastCall ?? -1} api={api} />
        {/* the source names every bug switch: a mystery hides it (the calls, canvas, messages and panels stay) */}
        {!mysterySeed && <HelperStack key={site?.fn ?? ''} site={site} />}
        {mysterySeed ? (
          <p className="muted code-hidden" data-testid="code-hidden">
            {t('instructor.codeHidden')}
          </p>
        ) : (
          <>
            {env.bugs.size > 0 && shown !== correctShown && (
              <p className="muted code-diff-note" data-testid="code-diff-note">
                {t('lesson.diffNote')}
              </p>
            )}
            <PlaygroundCode
              def={def}
              env={env}
              modelOnly={modelOnly}
              shown={shown}
              correct={correctShown}
              current={line}
              lang={lang}
            >
              <CodeView
                source={shown}
                correct={correctShown}
                current={line}
                selected={selectedLine}
                label={t('lesson.code')}
              />
            </PlaygroundCode>
          </>
        )}
        {shaderTabs}
      </section>
      <section className="stage" aria-label={t('lesson.canvas')}>
        {q.unknownBugs.length > 0 && (
          <UnknownBugsNotice unknown={q.unknownBugs} known={known} onDismiss={q.dropUnknownBugs} />
        )}
        {instructorBar}
        {keyHelp}
        {lessonControls}
        {def.canvas &&
          (gpu.status === 'unavailable' ? (
            <p role="note" className="muted">
              {t('lesson.canvasMissing')}
            </p>
          ) : (
            <LessonCanvas cursor={cursor} size={def.canvasSize ? def.canvasSize(env) : CANVAS_SIZE} />
          ))}
        {def.frames && run && current && (
          <FramePlayer frames={def.frames(run)} lang={lang} graded={def.gradeAt ? def.gradeAt(run) : null} />
        )}
        {def.canvas && (
          <CanvasNotes names={names} def={def} bugs={mysterySeed ? [] : activeBugs} lang={lang} cursor={cursor} />
        )}
        {def.acceptsPng && (
          <PngPicker
            lang={lang}
            upload={(current?.env?.image ? (run?.out.learner as UploadView | undefined) : undefined) ?? null}
          />
        )}
        {outputTables}
        {widget}
        {check}
        {run && (
          <MessageList
            messages={run.sys.messages}
            cursor={cursor}
            debugLayer={debugLayer}
            onJump={setCursor}
            lang={lang}
            names={names}
            apiOf={(i) => callAt(indexTrace(run.sys.trace), i)?.api ?? `call ${i}`}
          />
        )}
        {/* the quiz after the evidence (canvas, check, messages), in reading order */}
        {mysterySeed != null && mysteryBug != null && (
          <MysteryQuiz
            key={mysterySeed}
            seed={mysterySeed}
            truth={mysteryBug}
            bugs={bugs}
            def={def}
            env={env}
            lang={lang}
            run={current?.env === env ? run : null}
            onAnother={q.startMystery}
            onEnd={q.endMystery}
          />
        )}
        {bugsRegion}
      </section>
      {/* the panels component is itself the labelled "Debugger panels" region */}
      <div className="panels" data-only={presentation ? presented.join(' ') : undefined}>
        {run && (
          <Panels
            trace={run.sys.trace}
            cursor={cursor}
            onCursor={setCursor}
            lang={lang}
            initialPanels={initialPanels}
            onSelectCall={setSelectedCall}
            onOpenChange={setOpenPanels}
          />
        )}
      </div>
    </main>
  );
}

/**
 * The check line, subscribed to the check on its own: the report's arrival re-renders this line, not the whole lesson
 * view, so the verified marker (data-status) is on the page as soon as the check is known (issue 16).
 */
function LessonCheck({ def, lang, mystery }: { def: LessonDef; lang: 'en' | 'zh'; mystery: boolean }) {
  const report = useStore(lessonStore, (s) => (s.def === def ? s.check : null));
  const env = useStore(lessonStore, (s) => (s.def === def ? s.env : null));
  useProgressRecord(def.entry.id, report, env, mystery);
  return <CheckView report={report} lang={lang} />;
}
