import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { startsPrerendered } from './lib/prerender';
import { preloadRoute } from './router';
import './styles.css';

// Start fetching the current screen's code now, beside the session check, not after it.
preloadRoute(window.location.pathname);

const root = document.getElementById('root')!;
if (startsPrerendered) hydrateRoot(root, <App />);
else createRoot(root).render(<App />);
