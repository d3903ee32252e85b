import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('[invite-return] keeps team and project invite paths with their query', () => {
    expect(safeReturnPath('/invite/7d0c?token=abc&role=member')).toBe('/invite/7d0c?token=abc&role=member');
    expect(safeReturnPath('/project-invite/tok_123')).toBe('/project-invite/tok_123');
    expect(safeReturnPath('/Invite/7d0c/?token=a')).toBe('/Invite/7d0c/?token=a');
  });

  it('[profile-return] keeps /profile, in any case and with a trailing slash', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/Profile/')).toBe('/Profile/');
  });

  it('[invite-return] refuses other pages and anything off the site', () => {
    expect(safeReturnPath('/subscribe')).toBeNull();
    expect(safeReturnPath('/profile/x')).toBeNull();
    expect(safeReturnPath('/profiles')).toBeNull();
    expect(safeReturnPath('//evil.example/invite/x')).toBeNull();
    expect(safeReturnPath('https://evil.example/invite/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example/invite/x')).toBeNull();
    expect(safeReturnPath('/invite/')).toBeNull();
    expect(safeReturnPath('/invite/a/b')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
