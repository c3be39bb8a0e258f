// The entry of the prerendered landing page (prerendered/landing.html, for visitors without a session). The page
// is complete and readable as sent, and its links are plain links; only its buttons (the sign-up form) need
// React. So this file is tiny: it hydrates the page (landing-hydrate.tsx: React and the page) when the visitor
// first reaches for it (a touch, a pointer, a key, focus, a scroll), and a button pressed before that is
// pressed again once the page is live. Once the page has loaded and the browser is idle, React, the page and
// the sign-up form are prefetched (their files are listed in <meta name="referloop-prefetch">), so that first
// press does not wait for the network, and nothing competes with the page's own first paint.

const INTENT = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

let started = false;
let pressed: HTMLElement | null = null;

function stopListening() {
  for (const type of INTENT) window.removeEventListener(type, start, { capture: true });
  window.removeEventListener('click', remember, { capture: true });
}

function start() {
  if (started) return;
  started = true;
  import('./landing-hydrate')
    .then(({ hydrateLanding }) =>
      hydrateLanding(() => {
        stopListening();
        const button = pressed;
        pressed = null;
        button?.click();
      }),
    )
    .catch(() => {
      // The scripts failed to load (offline): the page stays readable and its links work; try again on the next intent.
      started = false;
    });
}

/** A button pressed before the page is live: pressed again by the live page. */
function remember(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  pressed = button;
  start();
}

function prefetch() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="referloop-prefetch"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(prefetch, { timeout: 2000 }) : setTimeout(prefetch, 200));
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });

for (const type of INTENT) window.addEventListener(type, start, { capture: true, passive: true });
window.addEventListener('click', remember, { capture: true });
