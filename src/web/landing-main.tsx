import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingRoot } from './features/accounts/landing-root';

// The entry of the prerendered landing page (prerendered/landing.html, for visitors without a session): it
// hydrates the page and nothing else. Signing in is a page of its own; signing up opens the app at setup.
// The stylesheet is the app's (index.html's), linked by the prerendered page.
// Hydrated as a transition: React yields to the browser every few milliseconds instead of one long task.
startTransition(() => {
  hydrateRoot(document.getElementById('root')!, <LandingRoot />);
});
