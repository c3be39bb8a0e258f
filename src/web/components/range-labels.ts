const n = (v: number) => v.toLocaleString('en-US');

/**
 * What a paged list's foot says: the rows shown ("1–25 of 40") and the page ("Page 1 of 2"), and how many pages
 * Next may reach. A capped total (the answer's `totalIsCapped`: a lower bound, a match follows the page) says so,
 * "1–25 of 1,000+" and "Page 1 of 40+", and Next reaches one page past the last it knows.
 */
export function rangeLabels(o: { page: number; pageSize: number; total: number; totalIsCapped?: boolean }): { range: string; pages: string; totalPages: number } {
  const more = o.totalIsCapped ? '+' : '';
  const knownPages = Math.max(1, Math.ceil(o.total / o.pageSize));
  const first = (o.page - 1) * o.pageSize + 1;
  const last = Math.min(o.page * o.pageSize, o.total);
  return {
    range: `${n(first)}–${n(last)} of ${n(o.total)}${more}`,
    pages: `Page ${n(o.page)} of ${n(knownPages)}${more}`,
    totalPages: knownPages + (o.totalIsCapped ? 1 : 0),
  };
}
