// The "export trace" button: the model's Chrome / Perfetto trace-event JSON (src/core/trace/chrome.ts) as a file.

import { toChromeTrace, type Trace } from '../../core';

export function chromeTraceBlob(trace: Trace): Blob {
  return new Blob([JSON.stringify(toChromeTrace(trace))], { type: 'application/json' });
}
