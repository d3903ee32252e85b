/**
 * A cookie this browser keeps for the server's next page (which project it shows, its window's size): kept a
 * year, sent with same-site requests only; null deletes it. Not for secrets: the page's script can read it.
 * Imports nothing: the page's first-screen script uses it too.
 */
export function setBrowserCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie = value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax` : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
