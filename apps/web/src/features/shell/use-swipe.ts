import { useEffect } from 'react';

const EDGE_PX = 40;
const MIN_DISTANCE_PX = 60;
const MAX_DRIFT_PX = 50;

/** Swipe right from the left edge opens, swipe left closes (spec §2 mobile navigation). */
export function useSwipe(onOpen: () => void, onClose: () => void) {
  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = Math.abs(touch.clientY - start.y);
      if (dy < MAX_DRIFT_PX && dx > MIN_DISTANCE_PX && start.x < EDGE_PX) onOpen();
      if (dy < MAX_DRIFT_PX && dx < -MIN_DISTANCE_PX) onClose();
      start = null;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [onOpen, onClose]);
}
