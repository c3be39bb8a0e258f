import { useMediaQuery, MD_UP } from './use-media-query';

/**
 * Where "help" goes (docs/settings.md): a mailto: link on a desktop, a tel: link on a phone, to the support
 * e-mail and phone the server is configured with (SUPPORT_EMAIL, SUPPORT_PHONE).
 */
export function useSupportLink(support: { phone: string; email: string } | undefined): { href: string; desktop: boolean } | null {
  const desktop = useMediaQuery(MD_UP);
  if (!support) return null;
  return desktop
    ? { href: `mailto:${support.email}?subject=${encodeURIComponent('Referloop support request')}`, desktop }
    : { href: `tel:${support.phone.replace(/[^\d+]/g, '')}`, desktop };
}
