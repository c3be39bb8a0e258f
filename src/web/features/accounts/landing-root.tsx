import { StrictMode } from 'react';
import { LazyToaster } from '../../components/lazy-toaster';
import { LandingPage } from './landing-page';

/**
 * The landing page as its own small app (landing-main.tsx hydrates it; scripts/prerender-landing.tsx renders
 * the same tree at build): React, the page and the toast viewport, nothing of the signed-in app.
 */
export function LandingRoot() {
  return (
    <StrictMode>
      <LandingPage />
      <LazyToaster />
    </StrictMode>
  );
}
