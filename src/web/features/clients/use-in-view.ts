import { useEffect, useState } from 'react';

/**
 * [ref callback, seen]: seen turns true once the element has come within `margin` of the screen, and
 * stays true. Without IntersectionObserver it is true at once.
 */
export function useInView(margin = '100px'): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, seen]);
  return [setElement, seen];
}
