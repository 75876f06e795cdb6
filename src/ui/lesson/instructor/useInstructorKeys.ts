import { useLayoutEffect, useRef } from 'react';

/** Keys that type something: ignored there. Checkboxes, radios and buttons type nothing, so b/p/? still work. */
export function isTyping(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    (el as HTMLInputElement).type,
  );
}

/**
 * The instructor's keys on the lesson page: b bug panel, p presentation, ? keyboard help. The step keys
 * (StepControls) and the lesson/debug keys (App) have their own listeners and are left alone.
 */
export function useInstructorKeys(handlers: { b(): void; p(): void; help(): void }) {
  // handlers change every render; the listener is installed once and reads the latest
  const ref = useRef(handlers);
  ref.current = handlers;
  // in the commit: the keys work from the first frame the page shows (App.tsx KeyboardNav says why)
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target as Element | null)) return;
      // a modal dialog is open: its own keys only
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'b') ref.current.b();
      else if (e.key === 'p') ref.current.p();
      else if (e.key === '?') ref.current.help();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
