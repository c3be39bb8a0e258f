// The widths a flow runs at. A flow runs on the desktop; it runs again on a phone only where its screen
// branches on width (a list that turns into cards, the navigation badges, the support link, a layout that
// reflows). Every screen is walked at 375 px by accessibility.spec.ts (axe, nothing scrolls sideways), so a
// phone repeat of a flow that renders the same elements proves nothing more (docs/decisions/0021-fast-test-runs.md).
export type Viewport = { name: 'desktop' | 'phone'; width: number; height: number };

export const DESKTOP: Viewport = { name: 'desktop', width: 1280, height: 800 };
export const PHONE: Viewport = { name: 'phone', width: 390, height: 844 };
