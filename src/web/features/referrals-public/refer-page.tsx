import { useEffect, useState } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

// The public referral page is its own small page served by the server at /refer (refer.html, refer-main.ts),
// not part of the app. A link inside the app that reaches /refer loads that page. If this app was served at
// /refer (a dev server without the page), it says so instead of reloading again and again.
const RELOADED = 'referloop-refer-reload';

export function ReferPage() {
  usePageTitle('Your referral reward');
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const here = window.location.href;
    if (sessionStorage.getItem(RELOADED) === here) {
      sessionStorage.removeItem(RELOADED);
      setStuck(true);
      return;
    }
    sessionStorage.setItem(RELOADED, here);
    window.location.replace(here);
  }, []);
  return (
    <main className="mx-auto max-w-lg px-4 py-12 text-center text-slate-600">
      {stuck ? <p>The referral page could not be opened here. Open the link again in a new tab.</p> : <p>Opening the referral page…</p>}
    </main>
  );
}
