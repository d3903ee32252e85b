import { describe, expect, it } from 'vitest';
import { makeJoinRequest, makeMember, makeTeam, makeUser } from '../../../test/factories';
import {
  addJoinRequest,
  pendingRequestCount,
  removeJoinRequest,
  removeJoinRequestsOf,
  removeMemberFrom,
  removeTeam,
  upsertMember,
} from './team-cache';

describe('join request cache', () => {
  it('[join-requests-live] adds a new pending request once', () => {
    const first = makeJoinRequest();
    const list = [first];
    const added = addJoinRequest(list, makeJoinRequest());
    expect(added).toHaveLength(2);
    expect(addJoinRequest(added, first)).toHaveLength(2);
    expect(list).toHaveLength(1);
  });

  it('[join-requests-live] never adds an answered request', () => {
    expect(addJoinRequest([], makeJoinRequest({ status: 'approved' }))).toEqual([]);
  });

  it('removes by request id and by requester', () => {
    const user = makeUser();
    const a = makeJoinRequest({ user });
    const b = makeJoinRequest();
    expect(removeJoinRequest([a, b], a.id)).toEqual([b]);
    expect(removeJoinRequestsOf([a, b], user.id)).toEqual([b]);
  });

  it('[join-requests-badge] counts pending requests, 0 before the list loads', () => {
    expect(pendingRequestCount(undefined)).toBe(0);
    expect(pendingRequestCount([])).toBe(0);
    expect(pendingRequestCount([makeJoinRequest(), makeJoinRequest(), makeJoinRequest({ status: 'denied' })])).toBe(2);
  });
});

describe('member cache', () => {
  it('appends a new member and replaces an existing one', () => {
    const owner = makeMember({ role: 'owner' });
    const member = makeMember();
    const list = upsertMember([owner], member);
    expect(list.map((m) => m.userId)).toEqual([owner.userId, member.userId]);
    const promoted = upsertMember(list, { ...member, role: 'admin' });
    expect(promoted).toHaveLength(2);
    expect(promoted[1]?.role).toBe('admin');
    expect(list[1]?.role).toBe('member');
  });

  it('removes a member by user id', () => {
    const a = makeMember();
    const b = makeMember();
    expect(removeMemberFrom([a, b], a.userId)).toEqual([b]);
  });

  it('removes a team from the list', () => {
    const a = makeTeam();
    const b = makeTeam();
    expect(removeTeam([a, b], a.id)).toEqual([b]);
  });
});
