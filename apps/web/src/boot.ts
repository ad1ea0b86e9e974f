/**
 * The only script a server-drawn page names in its head (ADR 038, "Scripts after the paint"). It
 * starts the app's entry and the page's modules once the browser has painted the page: requested in
 * the head, the ~150 KB of modules shared a slow connection with the stylesheet and the course
 * picture that the first paint waits for, and Lighthouse's simulated phone put all of them in front
 * of that paint. The server writes the addresses on this script's element (`page-head.ts`).
 *
 * A frame's callback runs just before its paint, and a task queued from there runs after it. A
 * hidden tab paints no frames: it goes on at once.
 */
const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');

function start() {
  if (!boot?.dataset.entry) return;
  // Announced together, so the entry's imports and the page's chunks arrive in one round trip.
  for (const href of (boot.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  document.head.append(
    Object.assign(document.createElement('script'), { type: 'module', src: boot.dataset.entry, crossOrigin: '' }),
  );
}

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
