import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers';

describe('pageNumbers', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });
  it('keeps a window of 5 around the current page', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageNumbers(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
