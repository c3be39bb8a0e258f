import { describe, expect, it } from 'vitest';
import { rangeLabels } from './range-labels';

describe('rangeLabels', () => {
  it('an exact total: the rows shown, the page and its last page', () => {
    expect(rangeLabels({ page: 1, pageSize: 25, total: 40 })).toEqual({ range: '1–25 of 40', pages: 'Page 1 of 2', totalPages: 2 });
    expect(rangeLabels({ page: 2, pageSize: 25, total: 40 })).toEqual({ range: '26–40 of 40', pages: 'Page 2 of 2', totalPages: 2 });
    expect(rangeLabels({ page: 41, pageSize: 25, total: 3543 })).toEqual({ range: '1,001–1,025 of 3,543', pages: 'Page 41 of 142', totalPages: 142 });
  });

  it('a capped total says it is a lower bound and lets Next go one page further', () => {
    expect(rangeLabels({ page: 1, pageSize: 25, total: 1000, totalIsCapped: true })).toEqual({ range: '1–25 of 1,000+', pages: 'Page 1 of 40+', totalPages: 41 });
    expect(rangeLabels({ page: 40, pageSize: 25, total: 1000, totalIsCapped: true })).toEqual({ range: '976–1,000 of 1,000+', pages: 'Page 40 of 40+', totalPages: 41 });
  });
});
