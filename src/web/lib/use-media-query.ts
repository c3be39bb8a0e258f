import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now (and re-renders when that changes). Used to render one layout for
 * the screen at hand instead of two with one hidden by CSS. False where there is no window (the prerender).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `md` breakpoint: tables from here, cards below. */
export const MD_UP = '(min-width: 768px)';
