import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '@planline/domain';
import { useStore } from 'zustand';
import { dismissToast, removeToast, toastStore } from '../../lib/toast.store';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/** Renders the toast store; mounted once at the app root. */
export function Toaster() {
  const toasts = useStore(toastStore, (state) => state.toasts);
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, open, action }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          onAnimationEnd={() => {
            if (!open) removeToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
            {action ? (
              <ToastAction altText={action.altText} onClick={action.onSelect} className="justify-self-start">
                {action.label}
              </ToastAction>
            ) : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[TOAST_HOTKEY]} />
    </ToastProvider>
  );
}
