import { CLIENT_MAX_PAGE_BUTTONS } from '../../../shared/constants';

/** At most CLIENT_MAX_PAGE_BUTTONS page numbers, a window centred on the current page. */
export function pageNumbers(page: number, totalPages: number, max = CLIENT_MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
