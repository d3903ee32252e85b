import { TOAST_LIMIT } from '@planline/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, removeToast, toast, toastStore } from './toast.store';

beforeEach(() => {
  toastStore.setState({ toasts: [] });
});

describe('toast store', () => {
  it('[toast-limit] keeps at most one toast, the newest replacing the older', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'newer', variant: 'destructive' });
    const { toasts } = toastStore.getState();
    expect(toasts).toHaveLength(TOAST_LIMIT);
    expect(toasts[0]).toMatchObject({ title: 'Second', description: 'newer', variant: 'destructive', open: true });
  });

  it('closes, then removes, a toast by id', () => {
    const { id, dismiss } = toast({ title: 'Saved' });
    dismiss();
    expect(toastStore.getState().toasts[0]).toMatchObject({ id, open: false });
    removeToast(id);
    expect(toastStore.getState().toasts).toEqual([]);
  });

  it('ignores ids it does not know', () => {
    toast({ title: 'Kept' });
    dismissToast('nope');
    removeToast('nope');
    expect(toastStore.getState().toasts).toHaveLength(1);
  });
});
