/**
 * The only script a server-drawn page names in its head (ADR 038, "Scripts after the paint"). It
 * starts the app's entry and the page's modules once the browser has painted the page: requested in
 * the head, the ~150 KB of modules shared a slow connection with the stylesheet and the course
 * picture that the first paint waits for, and Lighthouse's simulated phone put all of them in front
 * of that paint. The server writes the addresses on this script's element (`page-head.ts`).
 *
 * "Painted" is the browser's own paint entry, which it records once the frame is on screen. A
 * frame callback is earlier than that: the frame is still to be drawn, and a request started there
 * still counted as before the paint. A hidden tab paints nothing and goes on at once; a browser
 * without paint entries goes on after its next frame.
 */
const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function start() {
  if (started || !boot?.dataset.entry) return;
  started = true;
  // Announced together, so the entry's imports and the page's chunks arrive in one round trip.
  for (const href of (boot.dataset.modules ?? '').split(' ').filter(Boolean)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
    document.head.append(link);
  }
  document.head.append(
    Object.assign(document.createElement('script'), { type: 'module', src: boot.dataset.entry, crossOrigin: '' }),
  );
}

if (document.visibilityState === 'hidden' || performance.getEntriesByType('paint').length > 0) start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((_entries, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: 'paint' });
  // Should the entry never come (a tab hidden before its first paint), the page still starts.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 5000);
} else requestAnimationFrame(() => setTimeout(start, 0));
