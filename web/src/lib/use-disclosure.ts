import { useId, useState } from 'react';
import { DISCLOSURE_PANEL_ATTR, DISCLOSURE_TOGGLE_ATTR } from './first-screen';

/**
 * A button that shows and hides a part of the page (the WAI-ARIA disclosure pattern): spread `toggle` on a
 * <button> and `panel` on the part. The panel stays in the page while closed (hidden), so aria-controls always
 * points at it. Every page opens it closed, and the return visit's picture shows it closed too
 * (lib/first-screen.ts), so the live page takes the picture's place without moving.
 */
export function useDisclosure() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return {
    open,
    setOpen,
    toggle: {
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => setOpen((was) => !was),
      [DISCLOSURE_TOGGLE_ATTR]: '',
    },
    panel: { id, hidden: !open, [DISCLOSURE_PANEL_ATTR]: '' },
  };
}
