import type { Page } from '@playwright/test';

/**
 * Records every value `data-status` takes on each lesson-check element, from the moment the element appears,
 * so a test can prove a check went `running` → final exactly once (a flip fail → pass is what a learner sees
 * as a red check on correct code). Each element gets its own serial: one arrival at a lesson, one log.
 */
export async function installStatusLog(page: Page) {
  await page.addInitScript(() => {
    type Entry = { serial: number; path: string; statuses: string[]; live: boolean };
    const w = window as unknown as { __checkLog: Entry[] };
    w.__checkLog = [];
    const seen = new WeakMap<Element, Entry>();
    const note = (el: Element) => {
      let e = seen.get(el);
      if (!e) {
        e = {
          serial: w.__checkLog.length,
          path: location.pathname,
          statuses: [],
          live: Boolean(el.closest('[data-generation]')),
        };
        seen.set(el, e);
        w.__checkLog.push(e);
      }
      const s = el.getAttribute('data-status') ?? '';
      if (e.statuses[e.statuses.length - 1] !== s) e.statuses.push(s);
    };
    const scan = (root: ParentNode) => root.querySelectorAll('[data-testid="lesson-check"]').forEach(note);
    new MutationObserver((records) => {
      for (const r of records) {
        if (
          r.type === 'attributes' &&
          r.target instanceof Element &&
          r.target.getAttribute('data-testid') === 'lesson-check'
        )
          note(r.target);
        for (const n of r.addedNodes)
          if (n instanceof Element) {
            if (n.getAttribute('data-testid') === 'lesson-check') note(n);
            scan(n);
          }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
}

export type CheckLogEntry = { serial: number; path: string; statuses: string[]; live: boolean };

export const checkLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { __checkLog: CheckLogEntry[] }).__checkLog);
