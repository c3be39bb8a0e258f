import { useQuery } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Business, SignedInPerson } from '../../shared/schemas/business';
import { type Role, roleAllows } from '../../shared/roles';
import { AUTH_MESSAGES } from '../../shared/schemas/accounts-credentials';
import { apiRequest, onUnauthorized, queryClient } from './api';
import { throwIfNotOk } from './http';
import { apiUrl, type ApiReply } from './api-client';
import { startsPrerendered } from './prerender';

export const SESSION_URL = apiUrl('GET /api/auth/me');

/** The signed-in business as the session endpoints return it: the shared contract (schemas/business.ts). */
export type SessionBusiness = Business;

/**
 * The session route's reply (the business, and who is signed in with their role: screens hide what the role can't
 * do, docs/accounts.md), or none; `ended` when signed out because the cookie's session is gone (the server said
 * so), not because there was none.
 */
type SessionReply = ApiReply<'GET /api/auth/me'>;
type SessionResponse = { business?: SessionReply['business'] | null; person?: SessionReply['person'] | null; ended?: boolean };

/** The paths of the signed-in screens (router.tsx): with an ended session they open sign-in, not the landing page. */
const SIGNED_IN_PATH = /^\/(|leads|clients|dashboard|referrals|insights|data-sources|outreach|sms|forms|settings|security|setup(-[a-z0-9-]+)?)\/?$/i;
export const isSignedInPath = (pathname: string) => SIGNED_IN_PATH.test(pathname);

/** GET /api/auth/me: the business, or null with `ended` when the server says the cookie's session has ended. */
async function readSessionQuery(): Promise<SessionResponse> {
  const res = await fetch(SESSION_URL, { credentials: 'include' });
  if (res.status === 401) {
    const message = await res
      .json()
      .then((body: unknown) => (body && typeof body === 'object' && 'message' in body ? body.message : undefined))
      .catch(() => undefined);
    return { business: null, ended: message === AUTH_MESSAGES.sessionEnded };
  }
  await throwIfNotOk(res);
  const reply: ApiReply<'GET /api/auth/me'> = await res.json();
  return reply;
}

interface AuthValue {
  business: SessionBusiness | null;
  /** The signed-in person; null until the session check has answered. */
  person: SignedInPerson | null;
  /** True when the signed-in person's role may do what needs `role` (false while unknown). */
  can: (role: Role) => boolean;
  /** True until the first session check has answered. */
  isLoading: boolean;
  /** Signed in, or still checking on a signed-in screen's prerendered frame (which renders the signed-in routes). */
  signedIn: boolean;
  /**
   * A signed-in frame's session check answered signed out: the session the cookie named has ended (expired, or
   * ended elsewhere). The app then opens sign-in with a message.
   */
  sessionEndedOnFrame: boolean;
  /** After login or signup: set from the response business (and person), then refresh the session query. */
  signIn: (business: SessionBusiness, person?: SignedInPerson) => void;
  signOut: () => Promise<void>;
  /** The session ended on the server (a call answered 401): forget the business and every cached read. */
  endSession: () => void;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children, signedInFrame = false }: { children: ReactNode; signedInFrame?: boolean }) {
  const session = useQuery({
    queryKey: [SESSION_URL],
    queryFn: readSessionQuery,
  });
  // undefined = not known yet. Kept in state (not only in the query cache) so logout, which drops the
  // whole cache, cannot leave a stale business on screen. A prerendered page is only sent to a visitor without
  // a session cookie, so it starts signed out: the session check's answer (null) then changes nothing while
  // the page hydrates (an update reaching a part not yet hydrated would make React render it anew, and
  // drop what the visitor had typed into the prerendered sign-in form).
  // A signed-in frame starts signed in but not yet known. Its answer is a transition: React holds it until the
  // parts it reaches have hydrated, instead of dropping their HTML and showing a skeleton.
  const [business, setBusiness] = useState<SessionBusiness | null | undefined>(startsPrerendered && !signedInFrame ? null : undefined);
  const [sessionEndedOnFrame, setSessionEndedOnFrame] = useState(false);
  const answered = useRef(false);

  useEffect(() => {
    const next = session.isSuccess ? (session.data?.business ?? null) : session.isError ? null : undefined;
    if (next === undefined) return;
    const first = !answered.current;
    answered.current = true;
    if (!signedInFrame) {
      setBusiness(next);
      // Any signed-in screen's address with a cookie whose session ended: sign-in with the message, then back here.
      if (first && next === null && session.data?.ended && isSignedInPath(window.location.pathname)) setSessionEndedOnFrame(true);
      return;
    }
    startTransition(() => {
      setBusiness(next);
      if (first && next === null) setSessionEndedOnFrame(true);
    });
  }, [session.data, session.isSuccess, session.isError, signedInFrame]);

  const signIn = useCallback((next: SessionBusiness, person?: SignedInPerson) => {
    setBusiness(next);
    queryClient.setQueryData([SESSION_URL], { business: next, person });
    void queryClient.invalidateQueries({ queryKey: [SESSION_URL] });
  }, []);

  const signOut = useCallback(async () => {
    // From here a 401 is the sign-out itself, not a session that ended elsewhere: a poll that answers after
    // the logout must not open sign-in with the session-ended message instead of the landing page.
    onUnauthorized(null);
    await queryClient.cancelQueries();
    try {
      await apiRequest('POST', apiUrl('POST /api/auth/logout'));
    } finally {
      setBusiness(null);
      queryClient.clear();
    }
  }, []);

  const endSession = useCallback(() => {
    setBusiness(null);
    queryClient.clear();
  }, []);

  const person = business ? (session.data?.person ?? null) : null;
  const can = useCallback((role: Role) => Boolean(person && roleAllows(person.role, role)), [person]);
  const value = useMemo<AuthValue>(
    () => ({
      business: business ?? null,
      person,
      can,
      isLoading: business === undefined,
      signedIn: Boolean(business) || (business === undefined && signedInFrame),
      sessionEndedOnFrame,
      signIn,
      signOut,
      endSession,
    }),
    [business, person, can, signedInFrame, sessionEndedOnFrame, signIn, signOut, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
