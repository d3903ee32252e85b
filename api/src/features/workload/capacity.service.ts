import { rooms, type Capacity, type PersonCapacity, type TeamRole } from '@planline/domain';
import type { RealtimeBus } from '@planline/realtime';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { requireTeamRole } from '../access/access.policy.js';
import { memberCapacity, writeCapacity } from './capacity.queries.js';

export const NOT_A_MEMBER = 'That person is not a member of this team';
export const CAPACITY_MANAGERS_ONLY = "Only the team owner or an admin can see or change another member's capacity";

/** The owner and admins see and set anyone's capacity; each person their own (issue 36). */
function requireCapacityRights(actorId: string, actorRole: TeamRole, userId: string): void {
  if (actorId !== userId && actorRole === 'member') throw new AppError('forbidden', CAPACITY_MANAGERS_ONLY);
}

export interface MemberCapacity extends PersonCapacity {
  teamId: string;
}

/**
 * [capacity] GET/PUT /api/teams/{teamId}/members/{userId}/capacity: hours per day, working weekdays and days off.
 * A change is told to the team's room (`capacity:updated`, ids only: days off and their notes stay with the people
 * who may read them), and every open workload view reads its figures again.
 */
export class CapacityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
  ) {}

  async get(actorId: string, teamId: string, userId: string): Promise<MemberCapacity> {
    const role = await requireTeamRole(this.dataSource, actorId, teamId);
    const capacity = await memberCapacity(this.dataSource, teamId, userId);
    if (!capacity) throw new AppError('not_found', NOT_A_MEMBER);
    requireCapacityRights(actorId, role, userId);
    return { teamId, ...capacity };
  }

  async put(actorId: string, teamId: string, userId: string, capacity: Capacity): Promise<MemberCapacity> {
    const role = await requireTeamRole(this.dataSource, actorId, teamId);
    if (!(await memberCapacity(this.dataSource, teamId, userId))) throw new AppError('not_found', NOT_A_MEMBER);
    requireCapacityRights(actorId, role, userId);
    // The membership may end between the check and the write: the write then stores nothing and says so.
    if (!(await writeCapacity(this.dataSource, teamId, userId, capacity))) throw new AppError('not_found', NOT_A_MEMBER);
    this.bus.emit(rooms.team(teamId), 'capacity:updated', { teamId, userId });
    // As stored: hours to the hundredth (numeric(4,2)).
    return { teamId, ...(await memberCapacity(this.dataSource, teamId, userId))! };
  }
}
