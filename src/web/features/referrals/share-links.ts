/** The hosted link a client shares: /ref/{code} on this app (it redirects to the claim page). */
export function hostedReferralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/ref/${encodeURIComponent(code)}`;
}

/**
 * The business's own website with ?ref={code}, or null when there is no usable website address. An address
 * saved without a scheme ("sparkle.com") is read as https; its other query parameters and #fragment are kept.
 */
export function websiteReferralLink(websiteUrl: string | null | undefined, code: string): string | null {
  const raw = websiteUrl?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('ref', code);
  return url.toString();
}
