import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and during the prerender), true once the page is live, and at
 * once when rendered in the browser. A prerendered button is disabled until then: a press before the app has
 * taken over would do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
