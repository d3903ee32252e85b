import type { JoinRequest, MemberUser, Project, TeamMember, TeamSummary } from '@planline/domain';

/** Plain objects shaped like the API's answers, for the web's unit tests; every call makes fresh ids. */

let sequence = 0;
const uuid = () => crypto.randomUUID();

export function makeUser(values: Partial<MemberUser> = {}): MemberUser {
  const n = ++sequence;
  return { id: uuid(), firstName: `First${n}`, lastName: `Last${n}`, email: `user${n}@example.test`, profileImageUrl: null, ...values };
}

export function makeTeam(values: Partial<TeamSummary> = {}): TeamSummary {
  const n = ++sequence;
  return {
    id: uuid(),
    name: `Team ${n}`,
    teamCode: 'ABCD2345',
    subscriptionStatus: 'active',
    trialEndsAt: null,
    ownerId: uuid(),
    subscriptionPlan: 'free',
    effectivePlan: 'free',
    role: 'owner',
    ...values,
  };
}

export function makeProject(values: Partial<Project> = {}): Project {
  const n = ++sequence;
  return {
    id: uuid(),
    name: `Project ${n}`,
    description: null,
    teamId: uuid(),
    projectCode: `PRJ-${String(1000 + n)}`,
    status: 'active',
    startDate: null,
    endDate: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    access: 'team',
    ...values,
  };
}

export function makeMember(values: Partial<TeamMember> = {}): TeamMember {
  const user = values.user ?? makeUser(values.userId ? { id: values.userId } : {});
  return { id: uuid(), teamId: uuid(), userId: user.id, role: 'member', createdAt: '2025-01-01T00:00:00.000Z', user, ...values };
}

export function makeJoinRequest(values: Partial<JoinRequest> = {}): JoinRequest {
  return { id: uuid(), teamId: uuid(), status: 'pending', requestedAt: '2025-01-01T00:00:00.000Z', user: makeUser(), ...values };
}
