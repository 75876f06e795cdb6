// The debugger panels' and the code viewer's chunks load once the lesson page's first check has settled, or after
// DEFER_MAX_MS at most: parsing them on the main thread while the first frame was drawn and read back delayed the
// verified frame (issue 16). The state table and the code as plain text show meanwhile; later pages find both loaded.

const DEFER_MAX_MS = 1500;
let gate: Promise<void> | null = null;

// The session store comes in with a dynamic import: the prose (on every lesson route, in the entry's closure) waits
// here, and a static import would pull the session and the model into the first download (bundle.initial_kb_gzip).
export function afterFirstCheck(): Promise<void> {
  gate ??= import('../../state/lesson').then(
    ({ lessonStore }) =>
      new Promise<void>((resolve) => {
        if (lessonStore.getState().check != null) return resolve();
        const unsubscribe = lessonStore.subscribe((s) => {
          if (s.check != null) done();
        });
        // (store updates come later than this line: done() never sees timer uninitialised)
        const timer = setTimeout(done, DEFER_MAX_MS);
        function done() {
          unsubscribe();
          clearTimeout(timer);
          resolve();
        }
      }),
  );
  return gate;
}
