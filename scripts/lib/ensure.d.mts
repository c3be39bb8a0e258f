/** Debian's Chromium (its headless shell first, or only with `shellOnly`), or ''. */
export function findChromium(options?: { shellOnly?: boolean }): string;
