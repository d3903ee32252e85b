import { describe, expect, it } from 'vitest';
import { syncNotice } from './sync-notice';

const state = { status: 'synced', online: true, failedAttempts: 0, kept: true } as const;

describe('syncNotice', () => {
  it('says nothing while synced and online, or before the chart shows', () => {
    expect(syncNotice(state)).toBeNull();
    expect(syncNotice({ ...state, status: 'connecting', online: false })).toBeNull();
    expect(syncNotice({ ...state, status: 'unreachable', online: false, failedAttempts: 3 })).toBeNull();
  });

  it('says "Syncing…" on a return visit until the first attempt to reach the server fails', () => {
    expect(syncNotice({ ...state, status: 'local', online: false })).toBe('Syncing…');
    expect(syncNotice({ ...state, status: 'local', online: false, failedAttempts: 1 })).toBe('Offline — changes are saved on this device');
  });

  it('says edits are saved on this device when the socket drops, if the device keeps the document', () => {
    expect(syncNotice({ ...state, online: false })).toBe('Offline — changes are saved on this device');
    expect(syncNotice({ ...state, online: false, kept: false })).toBe('Reconnecting… your changes will sync');
  });

  it('[edit-budget] says "Too many changes — slow down" after the server closed the document for too many changes, until it syncs again', () => {
    expect(syncNotice({ ...state, online: false, tooManyChanges: true })).toBe('Too many changes — slow down');
    expect(syncNotice({ ...state, tooManyChanges: false })).toBeNull();
  });

  it('[overload] says the server is busy after it refused the document for being busy, until it syncs again', () => {
    expect(syncNotice({ ...state, online: false, serverBusy: true })).toBe('The server is busy — retrying…');
    expect(syncNotice({ ...state, status: 'local', online: false, failedAttempts: 1, serverBusy: true })).toBe('The server is busy — retrying…');
    expect(syncNotice({ ...state, serverBusy: false })).toBeNull();
  });
});
