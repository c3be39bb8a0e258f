// The entry of a signed-in screen's prerendered frame (prerendered/app-clients.html: the shell, the heading and
// skeletons, painted as sent). It is tiny so that nothing competes with that first paint: once the frame has
// painted, it starts the app's code, the screen's code and the first API reads together (listed in
// <meta name="referloop-preload">, so nothing waits for another), then runs the app's entry (the meta's
// data-entry: the app's own index.html script, added as a script element), which hydrates the frame.

const meta = document.querySelector<HTMLMetaElement>('meta[name="referloop-preload"]');

function preload() {
  const listed = meta?.content.split(' ') ?? [];
  for (const href of listed.filter(Boolean)) {
    const link = document.createElement('link');
    if (href.startsWith('/api/')) {
      // The very URLs the app asks for, with credentials: the browser hands the answers to the app's requests.
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'use-credentials';
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.href = href;
    document.head.append(link);
  }
}

let started = false;
function start() {
  if (started) return;
  started = true;
  preload();
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = meta?.dataset.entry ?? '';
  document.body.append(script);
}

// After the frame's first paint (the frame's rendering steps, then a task). A hidden tab paints nothing: at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));

// A module (its names are its own, not the page's globals).
export {};
