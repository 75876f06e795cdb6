import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same for the component's life and calls the latest `fn`: for memoised children (they
 * skip a render whose only change would be a new closure) and for observers set up once.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
