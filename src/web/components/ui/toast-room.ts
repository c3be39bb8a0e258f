// Apart from toast.tsx, which loads with the first toast: the screens' frames use this from the start.

/**
 * The bottom padding of a screen's main column below 768 px, about a toast's height and margin: toasts show at
 * the bottom, and the screen's last controls (the setup guide's Continue) can scroll clear of one.
 */
export const ROOM_FOR_TOASTS = 'max-md:pb-32';
