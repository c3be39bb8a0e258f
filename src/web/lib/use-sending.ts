import { useRef, useState } from 'react';

/**
 * A send button's request: `sending` from the tap until the server answered, and a second tap (or Enter) in
 * between starts nothing, even before the button is drawn disabled (a form's tap reaches here after its
 * asynchronous validation). What happened is the request's to show (the spec's toasts); the server also answers
 * the same send twice with one text (docs/sms.md, "The same send is one text").
 */
export function useSending<A>(request: (arg: A) => Promise<unknown>): { sending: boolean; send: (arg: A) => void } {
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const send = (arg: A) => {
    if (running.current) return;
    running.current = true;
    setSending(true);
    request(arg)
      .catch(() => undefined) // the request's own error handling has shown it
      .finally(() => {
        running.current = false;
        setSending(false);
      });
  };
  return { sending, send };
}
