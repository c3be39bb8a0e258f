import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from './api';
import { useAuth } from './auth';
import { keepOpenDrafts } from './kept-drafts';

/** Where signing in lands when there is no page to return to: the signed-in home, the Lead Inbox (spec: / and /leads). */
export const HOME_PATH = '/';

/** The sign-in page after a session ended, remembering the page to come back to. */
export const loginAfterExpiry = (from: string) => `/login?session=expired&next=${encodeURIComponent(from)}`;

/** A same-site path to return to after sign-in, or null (never another origin, never the sign-in page itself). */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/(login|signup)(\/|\?|$)/.test(next)) return null;
  return next;
}

/**
 * A signed-in screen's frame whose session had already ended (the cookie outlived it): sign-in with the same
 * message, coming back to this page, instead of the frame giving way to the landing page. A page load, not a
 * route change: the app then starts as any signed-out visitor's, not as the frame it hydrated.
 */
export function SessionEndedOnFrame() {
  useEffect(() => {
    window.location.replace(loginAfterExpiry(`${window.location.pathname}${window.location.search}`));
  }, []);
  return null;
}

/**
 * While signed in: the first call that answers 401 (the session expired or was ended elsewhere) leaves the
 * signed-in screens at once and opens sign-in with a short message; signing in returns to the same page.
 */
export function SessionExpiryWatcher() {
  const { business, endSession } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!business) return;
    onUnauthorized(() => {
      onUnauthorized(null);
      const from = `${window.location.pathname}${window.location.search}`;
      keepOpenDrafts(business.id);
      endSession();
      navigate(loginAfterExpiry(from), { replace: true });
    });
    return () => onUnauthorized(null);
  }, [business, endSession, navigate]);
  return null;
}
