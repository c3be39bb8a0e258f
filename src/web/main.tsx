import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { showFlashToast } from './lib/flash-toast';
import { startsPrerendered, startsSignedIn } from './lib/prerender';
import { preloadRoute } from './router';
import './styles.css';

// Start fetching the current screen's code now, beside the session check, not after it.
const screenCode = preloadRoute(window.location.pathname);

// A toast the previous page left (the landing page's sign-up, which opens the app with a page load).
showFlashToast();

// The first render (or hydration) as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole first screen.
const root = document.getElementById('root')!;
const start = () =>
  startTransition(() => {
    if (startsPrerendered) hydrateRoot(root, <App />);
    else createRoot(root).render(<App />);
  });
// A signed-in frame hydrates once its screen's code is here (preloaded by the page): hydration then reaches the
// whole frame at once, before the session check or the first reads answer and update it.
if (startsSignedIn) void screenCode.then(start);
else start();
