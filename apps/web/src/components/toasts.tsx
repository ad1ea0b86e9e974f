import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useT } from '../lib/i18n.tsx';

export type TToastKind = 'success' | 'error' | 'warning' | 'info';
interface TToast {
  id: number;
  kind: TToastKind;
  message: string;
}

/** Spec §9: toasts stay 3 s top-right; warnings 10 s. */
export const TOAST_MS = 3000;
export const WARNING_TOAST_MS = 10_000;

const ToastContext = createContext<((kind: TToastKind, message: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<TToast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (kind: TToastKind, message: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, message }]);
      setTimeout(() => dismiss(id), kind === 'warning' ? WARNING_TOAST_MS : TOAST_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toasts, onDismiss }: { toasts: TToast[]; onDismiss: (id: number) => void }) {
  const t = useT();
  const urgent = toasts.filter((toast) => toast.kind === 'error' || toast.kind === 'warning');
  const polite = toasts.filter((toast) => toast.kind !== 'error' && toast.kind !== 'warning');
  const render = (toast: TToast) => (
    <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid="toast">
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label={t('app.close')} onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
  return (
    <div className="toast-region">
      <div role="alert" aria-live="assertive">
        {urgent.map(render)}
      </div>
      <div role="status" aria-live="polite">
        {polite.map(render)}
      </div>
    </div>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return useMemo(
    () => ({
      success: (message: string) => show('success', message),
      error: (message: string) => show('error', message),
      warning: (message: string) => show('warning', message),
      info: (message: string) => show('info', message),
    }),
    [show],
  );
}
