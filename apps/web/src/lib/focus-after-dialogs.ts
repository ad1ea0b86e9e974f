/**
 * Focuses `element` once no dialog is open any more: while a dialog is mounted its focus scope
 * would take the focus back, and as it unmounts it hands the focus back to the button that opened
 * it (or, when that button is gone, to whatever comes next). React unmounts a closed dialog a
 * render or two after it is told to close, so this waits frame by frame (a second at most).
 * For a page whose dialog removed the very button that opened it (a revoked key, a removed row).
 */
export function focusOnceDialogsAreGone(element: () => HTMLElement | null) {
  let frames = 0;
  const step = () => {
    if (document.querySelector('[role="dialog"]') && frames++ < 60) requestAnimationFrame(step);
    else element()?.focus();
  };
  requestAnimationFrame(step);
}
