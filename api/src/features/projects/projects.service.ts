import { randomInt, randomUUID } from 'node:crypto';
import { isUniqueViolation, type ProjectEntity, type UserEntity } from '@planline/db';
import {
  createWorkCalendar,
  generateProjectCode,
  holidayChangeReason,
  holidaysOf,
  namedHolidays,
  PROJECT_GUARDED_FIELDS,
  type ProjectConflict,
  type ProjectGuardedField,
  rooms,
  type CreateProjectInput,
  type MemberUser,
  type Project,
  type ProjectInviteInfo,
  type ProjectJoinResult,
  type UpdateProjectInput,
} from '@planline/domain';
import { serverEdit, type ProjectDocuments, type RealtimeBus } from '@planline/realtime';
import { applyCalendarChange, writeScheduleSettings } from '@planline/document';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { lockTeam, requireProjectAccess, requireRoomForPerson, requireRoomForProject, requireTeamRole } from '../access/access.policy.js';
import { newInviteToken } from '../teams/teams.service.js';
import { isTeamMember } from '../teams/teams.queries.js';
import { presentPerson, presentProject, presentProjectEvent } from './projects.presenter.js';
import { requireInviteManager, requireProjectEditor } from './projects.policy.js';
import {
  deleteGuest,
  findProject,
  insertGuest,
  insertProject,
  isGuest,
  lockProject,
  isGuestInTeam,
  projectByInviteToken,
  projectPeople,
  projectsOfUser,
  setProjectInviteToken,
  teamMemberIds,
  teamProjects,
  updateProject,
} from './projects.queries.js';

const CODE_ATTEMPTS = 10;
export const INVALID_PROJECT_INVITE =
  'This project invitation link is invalid or has expired. Please request a new invitation from the project owner.';
export const NOT_A_GUEST = 'That person is not a guest of this project';

export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: RealtimeBus,
    /** The live documents, which mirror the schedule settings for the cascade and the charts. */
    private readonly documents: ProjectDocuments | null = null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Per project, the last settings write to its document: each starts after the one before, reading the row then. */
  private readonly settingsWrites = new Map<string, Promise<void>>();

  /**
   * Creates a project inside the team's plan limit (402 past it), with a unique code like ABC-1234. `startDate`:
   * a project made from a template starts on the day its tasks are laid out from.
   */
  async create(userId: string, input: CreateProjectInput, startDate: string | null = null): Promise<Project> {
    const id = randomUUID();
    for (let attempt = 0; ; attempt++) {
      try {
        await this.dataSource.transaction(async (m) => {
          await requireTeamRole(m, userId, input.teamId);
          const team = await lockTeam(m, input.teamId);
          await requireRoomForProject(m, team, this.now());
          await insertProject(m, {
            id,
            name: input.name,
            description: input.description || null,
            teamId: team.id,
            status: input.status,
            projectCode: generateProjectCode(input.name, randomInt),
            startDate,
          });
        });
        break;
      } catch (err) {
        if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
        throw err;
      }
    }
    const project = await findProject(this.dataSource, id);
    this.bus.emit(rooms.team(project.teamId), 'project:created', { project: presentProjectEvent(project) });
    // Team members' sockets follow the new project's room.
    for (const memberId of await teamMemberIds(this.dataSource, project.teamId)) this.bus.joinRooms(memberId, [rooms.project(project.id)]);
    return presentProject(project, 'team');
  }

  async listForTeam(userId: string, teamId: string): Promise<Project[]> {
    await requireTeamRole(this.dataSource, userId, teamId);
    return (await teamProjects(this.dataSource, teamId)).map((p) => presentProject(p, 'team'));
  }

  /** Every project a user can open: their teams' projects and the ones they were invited to. */
  async listForUser(userId: string): Promise<Project[]> {
    return (await projectsOfUser(this.dataSource, userId)).map(({ project, viaTeam }) => presentProject(project, viaTeam ? 'team' : 'guest'));
  }

  /**
   * Team members change a project's name, status, description, dates and schedule settings (auto-schedule, working
   * weekdays, holidays); guests work on its tasks only. [form-merge] A guarded field (name, description, status) sent with the value the
   * person started from (`base`) is written only if nobody changed it meanwhile: else 409 with its current value
   * and who changed it, and nothing is written. Checked and written under the row's lock, so two saves from the
   * same base cannot both pass.
   */
  /**
   * `keepTasks`: the calendar changes without a holiday moving any task (issue 37): an import replacing the tasks
   * takes the file's calendar (the tasks it removes are not moved first), and undoing it puts the calendar back
   * under tasks restored as they were.
   */
  async update(user: Pick<UserEntity, 'id' | 'firstName'>, projectId: string, input: UpdateProjectInput, options: { keepTasks?: boolean } = {}): Promise<Project> {
    const userId = user.id;
    await requireProjectEditor(this.dataSource, userId, projectId);
    const { current, holidays } = await this.dataSource.transaction(async (m) => {
      const current = await lockProject(m, projectId);
      const conflicts = changedSinceBase(current, input);
      if (conflicts.length > 0) throw new AppError('conflict', conflictMessage(conflicts), { conflicts });
      const holidays = input.holidays === undefined ? null : namedHolidays(input.holidays, current.holidayNames ?? {});
      const next = {
        name: input.name ?? current.name,
        status: input.status ?? current.status,
        description: input.description === undefined ? current.description : input.description || null,
        startDate: input.startDate === undefined ? current.startDate : input.startDate,
        endDate: input.endDate === undefined ? current.endDate : input.endDate,
        autoSchedule: input.autoSchedule ?? current.autoSchedule,
        workingWeekdays: input.workingWeekdays ?? current.workingWeekdays,
        holidays: holidays ? holidays.map((h) => h.date) : current.holidays,
        holidayNames: holidays ? Object.fromEntries(holidays.flatMap((h) => (h.name ? [[h.date, h.name]] : []))) : current.holidayNames,
      };
      if (next.startDate && next.endDate && next.endDate < next.startDate) {
        throw new AppError('validation_failed', 'End date cannot be before start date', {
          issues: [{ path: 'endDate', message: 'End date cannot be before start date' }],
        });
      }
      const editedBy = { ...current.editedBy };
      for (const field of PROJECT_GUARDED_FIELDS) if (next[field] !== current[field]) editedBy[field] = { id: userId, firstName: user.firstName };
      await updateProject(m, projectId, { ...next, editedBy });
      return { current, holidays };
    });
    const project = await findProject(this.dataSource, projectId);
    const settingsChanged = input.autoSchedule !== undefined || input.workingWeekdays !== undefined || input.holidays !== undefined;
    const reason = holidays ? holidayChangeReason(holidaysOf(current), holidays) : null;
    if (settingsChanged) await this.mirrorSettings(userId, projectId, holidays && !options.keepTasks ? { before: current.holidays, after: holidays.map((h) => h.date), reason } : null);
    this.bus.emit([rooms.team(project.teamId), rooms.project(project.id)], 'project:updated', { project: presentProjectEvent(project) });
    return presentProject(project, 'team');
  }

  /**
   * Writes the row's schedule settings into the live document (the charts and the cascade read them there; turning
   * auto-scheduling on may move tasks, credited to `userId`). A holiday added inside a task keeps the task's working
   * days and moves its finish (one taken out brings it back), with what that pushes along links, in the same
   * transaction as the settings, under its reason ("Holiday added: «Christmas Day»"); counted from the holidays the
   * row had before and after this request's own change (`holidayChange`), as the document may have loaded with the
   * new ones already, and a later change may be in the row by the time this turn comes (two quick changes A→B, B→C
   * move the tasks A→B then B→C, never A→C twice). Writes of one project run one after another, each writing the
   * settings as the row has them when its turn comes, so two quick changes cannot leave the older one.
   */
  private async mirrorSettings(
    userId: string,
    projectId: string,
    holidayChange: { before: string[]; after: string[]; reason: string | null } | null,
  ): Promise<void> {
    const documents = this.documents;
    if (!documents) return;
    const previous = this.settingsWrites.get(projectId) ?? Promise.resolve();
    const mine = previous.then(async () => {
      const row = await findProject(this.dataSource, projectId);
      const settings = { autoSchedule: row.autoSchedule, workingWeekdays: row.workingWeekdays, holidays: row.holidays };
      await documents.edit(projectId, serverEdit(userId, holidayChange?.reason ?? undefined), (doc) => {
        writeScheduleSettings(doc, settings);
        if (!holidayChange) return;
        // Only the holidays' change moves tasks here; a change of working weekdays leaves the bars as drawn.
        const had = createWorkCalendar({ workingWeekdays: settings.workingWeekdays, holidays: holidayChange.before });
        const has = createWorkCalendar({ workingWeekdays: settings.workingWeekdays, holidays: holidayChange.after });
        if (had.ok && has.ok) applyCalendarChange(doc, had.calendar, has.calendar);
      });
    });
    const settled = mine.catch(() => {});
    this.settingsWrites.set(projectId, settled);
    void settled.then(() => {
      if (this.settingsWrites.get(projectId) === settled) this.settingsWrites.delete(projectId);
    });
    await mine;
  }

  /**
   * Everyone who can work on a project (members of its team and its guests), for assignee pickers and names.
   * Readable by anyone with access to the project, guests included: they cannot list the team itself.
   */
  async people(userId: string, projectId: string): Promise<MemberUser[]> {
    await requireProjectAccess(this.dataSource, userId, projectId);
    return (await projectPeople(this.dataSource, projectId, 'all')).map(presentPerson);
  }

  /** The project's guests (people in it who are not in its team), for the owner and admins who may remove them. */
  async guests(userId: string, projectId: string): Promise<MemberUser[]> {
    await requireInviteManager(this.dataSource, userId, projectId);
    return (await projectPeople(this.dataSource, projectId, 'guests')).map(presentPerson);
  }

  /**
   * Takes a guest out of the project: their sockets leave its room and their open document closes (as for a
   * removed team member), and the project's link they came in by stops working.
   */
  async removeGuest(actorId: string, projectId: string, guestId: string): Promise<void> {
    const teamId = await this.dataSource.transaction(async (m) => {
      const access = await requireInviteManager(m, actorId, projectId);
      await lockTeam(m, access.teamId);
      const removed = !(await isTeamMember(m, access.teamId, guestId)) && (await deleteGuest(m, projectId, guestId));
      if (!removed) throw new AppError('not_found', NOT_A_GUEST);
      await setProjectInviteToken(m, projectId, null);
      return access.teamId;
    });
    this.bus.leaveRooms(guestId, [rooms.project(projectId)]);
    this.bus.closeProjectDocuments(guestId, [projectId]);
    // After the guest left the room: those who stay refresh the project's people; the guest refetches what they reach.
    this.bus.emit(rooms.project(projectId), 'member:removed', { teamId, userId: guestId });
    this.bus.emit(rooms.user(guestId), 'access:changed', { teamId: null });
  }

  async inviteLink(userId: string, projectId: string, origin: string): Promise<{ inviteLink: string }> {
    await requireInviteManager(this.dataSource, userId, projectId);
    return this.currentInviteLink(projectId, origin);
  }

  /** A new token for the project's link: the link handed out before stops working. */
  async regenerateInviteLink(userId: string, projectId: string, origin: string): Promise<{ inviteLink: string }> {
    await requireInviteManager(this.dataSource, userId, projectId);
    await setProjectInviteToken(this.dataSource, projectId, newInviteToken());
    return this.currentInviteLink(projectId, origin);
  }

  private async currentInviteLink(projectId: string, origin: string): Promise<{ inviteLink: string }> {
    await setProjectInviteToken(this.dataSource, projectId, newInviteToken(), { onlyIfNone: true });
    const { inviteToken } = await findProject(this.dataSource, projectId);
    return { inviteLink: new URL(`/project-invite/${inviteToken}`, origin).toString() };
  }

  async inviteInfo(token: string): Promise<ProjectInviteInfo> {
    const project = await projectByInviteToken(this.dataSource, token);
    if (!project) throw new AppError('not_found', INVALID_PROJECT_INVITE);
    return { projectName: project.name, projectCode: project.projectCode };
  }

  /** Joins one project as a guest; a new person counts toward the team's member limit (402 past it). */
  async join(user: UserEntity, token: string): Promise<ProjectJoinResult> {
    const result = await this.dataSource.transaction(async (m) => {
      const project = await projectByInviteToken(m, token);
      if (!project) throw new AppError('not_found', INVALID_PROJECT_INVITE);
      const team = await lockTeam(m, project.teamId);
      const inTeam = await isTeamMember(m, team.id, user.id);
      const guest = await isGuest(m, project.id, user.id);
      if (inTeam || guest) return { project, joined: false };
      if (!(await isGuestInTeam(m, team.id, user.id))) await requireRoomForPerson(m, team, this.now());
      await insertGuest(m, project.id, user.id, randomUUID());
      return { project, joined: true };
    });
    if (result.joined) {
      this.bus.joinRooms(user.id, [rooms.project(result.project.id)]);
      this.bus.emit(rooms.user(user.id), 'access:changed', { teamId: null });
    }
    return { projectId: result.project.id, teamId: result.project.teamId, alreadyMember: !result.joined };
  }
}

type GuardedConflict = ProjectConflict['conflicts'][number];

/** The guarded fields the input changes from a base that is no longer the project's value. */
function changedSinceBase(current: ProjectEntity, input: UpdateProjectInput): GuardedConflict[] {
  const conflicts: GuardedConflict[] = [];
  for (const field of PROJECT_GUARDED_FIELDS) {
    const base = input.base?.[field];
    if (base === undefined || input[field] === undefined) continue;
    // A blank description is stored as none.
    const was = field === 'description' ? base || null : base;
    if (was === current[field]) continue;
    conflicts.push({ field, current: current[field], changedBy: current.editedBy[field] ?? null });
  }
  return conflicts;
}

const FIELD_WORDS: Record<ProjectGuardedField, string> = { name: 'the name', description: 'the description', status: 'the status' };

function conflictMessage(conflicts: readonly GuardedConflict[]): string {
  return conflicts
    .map((c) => `${c.changedBy?.firstName ?? 'A teammate'} changed ${FIELD_WORDS[c.field]} to "${c.current ?? ''}" while you were editing it. Keep yours or take theirs.`)
    .join(' ');
}
