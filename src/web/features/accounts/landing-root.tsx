import { StrictMode, useEffect } from 'react';
import { LazyToaster } from '../../components/lazy-toaster';
import { LandingPage } from './landing-page';

/**
 * The landing page as its own small app (landing-hydrate.tsx hydrates it; scripts/prerender-landing.tsx renders
 * the same tree at build): React, the page and the toast viewport, nothing of the signed-in app.
 */
export function LandingRoot({ onReady }: { onReady?: () => void }) {
  return (
    <StrictMode>
      <LandingPage />
      <LazyToaster />
      {onReady && <Ready onReady={onReady} />}
    </StrictMode>
  );
}

/** Renders nothing; tells the entry once the page is live (after hydration has committed). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => {
    onReady();
  }, [onReady]);
  return null;
}
