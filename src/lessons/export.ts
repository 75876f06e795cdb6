// The trace as JSON for window.d3d12lab.exportTrace(): Chrome/Perfetto trace events (open them in
// ui.perfetto.dev) plus the model's own typed events. The events are plain data, so this is JSON.stringify with
// the model's replacer (UINT64 values as strings; model objects in call arguments are references by id).
import { toChromeTrace, traceJsonReplacer } from '../core';
import type { LessonRun } from './types';

export function exportRun(lesson: string, bugs: string[], debugLayer: boolean, run: LessonRun): unknown {
  const chrome = toChromeTrace(run.sys.trace);
  const doc = {
    lesson,
    bugs,
    debugLayer,
    displayTimeUnit: chrome.displayTimeUnit,
    traceEvents: chrome.traceEvents,
    events: run.sys.trace.events,
    messages: run.sys.messages,
    stopped: run.stopped,
  };
  return JSON.parse(JSON.stringify(doc, traceJsonReplacer));
}
