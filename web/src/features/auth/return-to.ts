const STORAGE_KEY = 'planline.returnTo';

/**
 * [invite-return] Only invite pages and /profile are remembered across sign-in, and only as same-site paths:
 * anything else (another origin, a protocol-relative URL) is refused, so the stored value can never redirect off
 * the site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://planline.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://planline.invalid') return null;
  if (!/^\/(?:(?:invite|project-invite)\/[^/]+|profile)\/?$/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function peekReturnTo(): string | null {
  return safeReturnPath(storage()?.getItem(STORAGE_KEY));
}

export function clearReturnTo(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/** Remembers a page to come back to once signed in (the signed-in /auth route goes there). */
export function rememberReturnTo(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) storage()?.setItem(STORAGE_KEY, safe);
}

/** Remembers the invite page, then signs in through /api/login; /auth brings the user back here afterwards. */
export function signInToContinue(path: string): void {
  rememberReturnTo(path);
  window.location.href = '/api/login';
}
