// The boot request ui/boot.ts started for the lesson a link opens, if any, for the lesson page to wait on
// (LessonPage's LiveLesson): React-free, so the entry can set it before the app's code is loaded.
let booting: Promise<unknown> | null = null;
export const setBooting = (p: Promise<unknown>) => void (booting = p);
export const bootRequest = () => booting;
