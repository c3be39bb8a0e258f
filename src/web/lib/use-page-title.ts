import { useEffect } from 'react';

export const APP_NAME = 'Referloop';

/** "{screen} · Referloop" in the tab and in screen readers' page announcements; the bare name for the landing page. */
export function pageTitle(screen?: string): string {
  return screen ? `${screen} · ${APP_NAME}` : `${APP_NAME} — turn happy clients into referrers`;
}

export function usePageTitle(screen?: string) {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
