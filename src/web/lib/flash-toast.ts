import { toast, type ToastOptions } from '../components/ui/use-toast';

// A toast that outlives a page load: the landing page signs up, then opens the app at its setup screen with
// a full navigation (the landing page's own entry has no router), and the app shows the toast on arrival.
const KEY = 'referloop:toast';

type FlashToast = Pick<ToastOptions, 'variant'> & { title?: string; description?: string };

/** Keeps the toast for the next page of this tab. */
export function flashToast(options: FlashToast) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(options));
  } catch {
    // Storage refused (private mode, quota): the next page simply shows no toast.
  }
}

/** Shows (once) the toast the previous page left. */
export function showFlashToast() {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const { title, description, variant } = JSON.parse(raw) as FlashToast;
    toast({ title, description, variant });
  } catch {
    // Unreadable: nothing to show.
  }
}
