/**
 * Copies text. The async Clipboard API needs a secure context and, in some browsers, a permission; when it is
 * missing or refuses, a selected off-screen textarea and execCommand('copy') still work in most browsers.
 * Rejects when neither copied anything, so callers can show 'Failed to copy link to clipboard'.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } finally {
    area.remove();
    active?.focus();
  }
  if (!copied) throw new Error('Copy refused');
}
