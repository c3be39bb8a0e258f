import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './features/accounts/landing-root';

/**
 * Hydrates the prerendered landing page (loaded by landing-main.tsx at the visitor's first intent); `onReady`
 * runs once the page is live. As a transition: React yields to the browser every few milliseconds.
 * The stylesheet is the app's (index.html's), linked by the prerendered page.
 */
export function hydrateLanding(onReady: () => void) {
  startTransition(() => {
    hydrateRoot(document.getElementById('root')!, <LandingRoot onReady={onReady} />);
  });
}
