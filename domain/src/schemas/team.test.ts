import { describe, expect, it } from 'vitest';
import { createTeamInputSchema, teamSummarySchema } from './team.js';

describe('createTeamInputSchema', () => {
  it('[team-name-required] refuses a blank name with the spec message', () => {
    const result = createTeamInputSchema.safeParse({ name: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Team name is required');
  });

  it('[team-name-max] refuses names over 255 characters and trims the rest', () => {
    expect(createTeamInputSchema.safeParse({ name: 'x'.repeat(256) }).success).toBe(false);
    expect(createTeamInputSchema.parse({ name: ' Core ', description: '' })).toEqual({ name: 'Core', description: '' });
  });
});

describe('teamSummarySchema', () => {
  it('reads a team of GET /api/teams', () => {
    const team = {
      id: '9b2f3c1e-6a0d-4f7e-8d21-0c5e7f1a2b3c',
      name: 'Core',
      teamCode: 'ABCD1234',
      subscriptionStatus: 'trial',
      trialEndsAt: '2024-12-08T00:00:00.000Z',
      ownerId: '1b7539da-d0ca-4528-9d8b-184c840ebbdd',
      subscriptionPlan: 'free',
      effectivePlan: 'pro',
      role: 'owner',
    };
    expect(teamSummarySchema.parse(team)).toEqual(team);
  });
});
