/** Debian's Chromium (its headless shell first, or only with `shellOnly`), or ''. */
export function findChromium(options?: { shellOnly?: boolean }): string;
/** The compiled server (scripts/build-server.mjs) when the server or the shared code changed since the last build. */
export function ensureServerBuild(): void;
