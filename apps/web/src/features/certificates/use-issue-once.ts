import { useEffect, useRef } from 'react';

/**
 * Issues (or fetches the current) certificate once the page knows it may: the server keeps one
 * certificate per unchanged content, so calling again after a remount is harmless, but one
 * call per visit is enough.
 */
export function useIssueOnce(ready: boolean, issue: () => void) {
  const asked = useRef(false);
  useEffect(() => {
    if (!ready || asked.current) return;
    asked.current = true;
    issue();
  }, [ready, issue]);
}
