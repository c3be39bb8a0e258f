/**
 * The landing page is prerendered at build (scripts/prerender-landing.tsx) into landing.html, whose
 * root carries this attribute. Until the session check answers, such a page renders the signed-out
 * routes, so the first client render matches the HTML it hydrates. During the prerender itself there
 * is no document, and the answer is the same.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export const startsPrerendered: boolean =
  typeof document === 'undefined' || document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) === true;

/**
 * The attribute's value on a signed-in screen's frame (prerendered/app-clients.html: the shell, the heading and
 * the skeletons, no data): the app hydrates it as signed in while the session check runs.
 */
export const SIGNED_IN_FRAME = 'signed-in';

export const startsSignedIn: boolean =
  typeof document !== 'undefined' && document.getElementById('root')?.getAttribute(PRERENDERED_ATTRIBUTE) === SIGNED_IN_FRAME;
