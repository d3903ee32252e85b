import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  JOIN_REQUEST_STATUSES,
  PROJECT_STATUSES,
  SUBSCRIPTION_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TEAM_ROLES,
  PROVIDER_SUBSCRIPTION_STATUSES,
  paidPlanSchema,
  planSchema,
} from '@planline/domain';
import {
  addTeamMember,
  createProject,
  createTask,
  createTeam,
  createUser,
} from '../test/factories.js';
import {
  DashboardConfigEntity,
  GoogleDocsSyncEntity,
  ProjectDocumentEntity,
  ProjectEntity,
  ProjectMemberEntity,
  ProjectTemplateEntity,
  TaskAssignmentEntity,
  TaskChangeHistoryEntity,
  TaskDependencyEntity,
  TaskEntity,
  TeamChatMessageEntity,
  TeamJoinRequestEntity,
  TeamMemberEntity,
  TemplateTaskEntity,
  UserEntity,
  WeeklyReportEntity,
} from './entities/index.js';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from './errors.js';
import { openTestDatabase, type TestDatabase } from './testing.js';
import { migrations } from './migrations/index.js';

type Violation = 'unique' | 'foreign-key' | 'check';
const violationCheck = { unique: isUniqueViolation, 'foreign-key': isForeignKeyViolation, check: isCheckViolation };

/** Awaits `work` and asserts it failed with the SQLSTATE of `kind`. */
async function expectViolation(kind: Violation, work: Promise<unknown>): Promise<void> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a ${kind} violation, but the statement succeeded`).toBeDefined();
  const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
  expect(violationCheck[kind](err), `expected a ${kind} violation, got SQLSTATE ${code}: ${String(err)}`).toBe(true);
}

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await openTestDatabase();
  ds = db.dataSource;
});
afterAll(() => db?.close());

/** A user, their team and one project, fresh for each test that needs them. */
async function workspace() {
  const owner = await createUser(ds);
  const team = await createTeam(ds, owner);
  const project = await createProject(ds, team);
  return { owner, team, project };
}

describe('migrations', () => {
  it('[migrations] apply on a fresh database and leave nothing pending', async () => {
    const applied: { name: string }[] = await ds.query(`SELECT name FROM migrations ORDER BY id`);
    expect(applied.map((m) => m.name)).toEqual(migrations.map((M) => new M().name));
    expect(await ds.showMigrations()).toBe(false);
  });

  it('[schema-matches-entities] every entity column exists with the same name, type and nullability', async () => {
    const sqlType: Record<string, string> = {
      uuid: 'uuid',
      varchar: 'character varying',
      char: 'character',
      text: 'text',
      integer: 'integer',
      bigint: 'bigint',
      boolean: 'boolean',
      timestamptz: 'timestamp with time zone',
      date: 'date',
      jsonb: 'jsonb',
      bytea: 'bytea',
    };
    for (const meta of ds.entityMetadatas) {
      const rows: { column_name: string; data_type: string; is_nullable: string; character_maximum_length: number | null }[] =
        await ds.query(
          `SELECT column_name, data_type, is_nullable, character_maximum_length
             FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
          [meta.tableName],
        );
      const actual = new Map(rows.map((r) => [r.column_name, r]));
      const expected = meta.columns.map((c) => c.databaseName).sort();
      expect([...actual.keys()].sort(), meta.tableName).toEqual(expected);
      for (const column of meta.columns) {
        const row = actual.get(column.databaseName)!;
        const where = `${meta.tableName}.${column.databaseName}`;
        expect(row.data_type, where).toBe(column.isArray ? 'ARRAY' : sqlType[String(column.type)]);
        expect(row.is_nullable === 'YES', where).toBe(column.isNullable);
        if (column.length) expect(row.character_maximum_length, where).toBe(Number(column.length));
      }
    }
  });
});

describe('defaults', () => {
  it('[team-defaults] a new team is on the free plan, active, and its owner holds the owner role', async () => {
    const { owner, team } = await workspace();
    expect(team.subscriptionPlan).toBe('free');
    expect(team.subscriptionStatus).toBe('active');
    expect(team.createdAt).toBeInstanceOf(Date);
    const member = await ds.getRepository(TeamMemberEntity).findOneByOrFail({ teamId: team.id, userId: owner.id });
    expect(member.role).toBe('owner');
  });

  it('[member-defaults] a member without a role is a plain member', async () => {
    const { team } = await workspace();
    const member = await addTeamMember(ds, team, await createUser(ds));
    expect(member.role).toBe('member');
  });

  it('[project-defaults] a new project is active', async () => {
    const { project } = await workspace();
    expect(project.status).toBe('active');
  });

  it('[task-defaults] a new task is pending, medium, #3b82f6, 0% done and first in order', async () => {
    const { project } = await workspace();
    const task = await createTask(ds, project);
    expect(task).toMatchObject({
      status: 'pending',
      priority: 'medium',
      color: '#3b82f6',
      progress: 0,
      order: 0,
      assigneeId: null,
      startDate: '2025-03-03',
      endDate: '2025-03-07',
    });
  });

  it('[join-request-defaults] a new join request is pending and stamped now', async () => {
    const { team } = await workspace();
    const user = await createUser(ds);
    const id = randomUUID();
    await ds.getRepository(TeamJoinRequestEntity).insert({ id, teamId: team.id, userId: user.id });
    const request = await ds.getRepository(TeamJoinRequestEntity).findOneByOrFail({ id });
    expect(request.status).toBe('pending');
    expect(Date.now() - request.requestedAt.getTime()).toBeLessThan(60_000);
  });

  it('[other-defaults] templates, template tasks, docs sync and weekly reports start from their defaults', async () => {
    const { owner, project } = await workspace();
    const templateId = randomUUID();
    await ds.getRepository(ProjectTemplateEntity).insert({ id: templateId, name: 'Launch', createdBy: owner.id });
    const template = await ds.getRepository(ProjectTemplateEntity).findOneByOrFail({ id: templateId });
    expect(template).toMatchObject({ isPublic: false, usageCount: 0, templateData: null });

    const templateTaskId = randomUUID();
    await ds.getRepository(TemplateTaskEntity).insert({ id: templateTaskId, templateId, name: 'Kick-off' });
    expect(await ds.getRepository(TemplateTaskEntity).findOneByOrFail({ id: templateTaskId })).toMatchObject({
      priority: 'medium',
      dependsOn: [],
      order: 0,
    });

    const syncId = randomUUID();
    await ds.getRepository(GoogleDocsSyncEntity).insert({ id: syncId, projectId: project.id, googleDocsId: 'doc-1' });
    expect((await ds.getRepository(GoogleDocsSyncEntity).findOneByOrFail({ id: syncId })).syncStatus).toBe('active');

    const reportId = randomUUID();
    await ds.getRepository(WeeklyReportEntity).insert({ id: reportId, projectId: project.id, weekEndingDate: '2025-03-07' });
    expect(await ds.getRepository(WeeklyReportEntity).findOneByOrFail({ id: reportId })).toMatchObject({
      weekEndingDate: '2025-03-07',
      tasksCompleted: 0,
      tasksTotal: 0,
      progressPercentage: 0,
    });
  });
});

describe('round trips through every entity', () => {
  it('[entities] nested users load through the declared relations', async () => {
    const { owner, team, project } = await workspace();
    const task = await createTask(ds, project, { assigneeId: owner.id });
    const changeId = randomUUID();
    await ds.getRepository(TaskChangeHistoryEntity).insert({
      id: changeId,
      taskId: task.id,
      changedBy: owner.id,
      fieldName: 'progress',
      oldValue: '0',
      newValue: '50',
      changeReason: 'half way',
    });
    const requester = await createUser(ds, { firstName: 'Asker' });
    await ds.getRepository(TeamJoinRequestEntity).insert({ id: randomUUID(), teamId: team.id, userId: requester.id });

    const member = await ds.getRepository(TeamMemberEntity).findOneOrFail({
      where: { teamId: team.id, userId: owner.id },
      relations: { user: true },
    });
    expect(member.user).toMatchObject({ id: owner.id, email: owner.email });
    const loadedTask = await ds.getRepository(TaskEntity).findOneOrFail({ where: { id: task.id }, relations: { assignee: true } });
    expect(loadedTask.assignee?.firstName).toBe(owner.firstName);
    const change = await ds.getRepository(TaskChangeHistoryEntity).findOneOrFail({
      where: { id: changeId },
      relations: { changedByUser: true },
    });
    expect(change.changedByUser?.email).toBe(owner.email);
    const request = await ds.getRepository(TeamJoinRequestEntity).findOneOrFail({
      where: { teamId: team.id },
      relations: { user: true },
    });
    expect(request.user?.firstName).toBe('Asker');
  });

  it('[entities] the remaining tables accept and return their rows', async () => {
    const { owner, team, project } = await workspace();
    const [a, b] = [await createTask(ds, project), await createTask(ds, project)];
    await ds.getRepository(ProjectMemberEntity).insert({ id: randomUUID(), projectId: project.id, userId: owner.id });
    await ds.getRepository(TaskAssignmentEntity).insert({ id: randomUUID(), taskId: a.id, userId: owner.id });
    await ds.getRepository(TaskDependencyEntity).insert({ id: randomUUID(), taskId: b.id, dependsOnTaskId: a.id });
    await ds.getRepository(TeamChatMessageEntity).insert({ id: randomUUID(), teamId: team.id, userId: owner.id, message: 'hi' });
    const layout = [{ id: 'w1', type: 'task-list', title: 'Tasks', size: 'medium', position: { x: 0, y: 0 } }];
    await ds.getRepository(DashboardConfigEntity).insert({ id: randomUUID(), userId: owner.id, projectId: project.id, layout });

    expect(await ds.getRepository(ProjectMemberEntity).findOneByOrFail({ projectId: project.id })).toMatchObject({ role: 'member' });
    expect(await ds.getRepository(TaskAssignmentEntity).countBy({ taskId: a.id })).toBe(1);
    expect(await ds.getRepository(TaskDependencyEntity).findOneByOrFail({ taskId: b.id })).toMatchObject({ dependsOnTaskId: a.id });
    expect((await ds.getRepository(TeamChatMessageEntity).findOneByOrFail({ teamId: team.id })).message).toBe('hi');
    expect((await ds.getRepository(DashboardConfigEntity).findOneByOrFail({ userId: owner.id })).layout).toEqual(layout);
  });

  it('[project-document] the Yjs state is stored and returned byte for byte', async () => {
    const { project } = await workspace();
    const state = Uint8Array.from([0, 1, 2, 127, 128, 254, 255]);
    await ds.getRepository(ProjectDocumentEntity).insert({ projectId: project.id, state });
    const row = await ds.getRepository(ProjectDocumentEntity).findOneByOrFail({ projectId: project.id });
    expect(row.state).toBeInstanceOf(Uint8Array);
    expect(Array.from(row.state)).toEqual(Array.from(state));
    expect(row.updatedAt).toBeInstanceOf(Date);
  });
});

describe('uniqueness', () => {
  it('[unique-email] rejects an email differing only in case', async () => {
    await createUser(ds, { email: 'Casey@Example.test' });
    await expectViolation('unique', createUser(ds, { email: 'casey@example.TEST' }));
  });

  it('[unique-team-code] rejects a second team with the same code', async () => {
    const { team } = await workspace();
    await expectViolation('unique', createTeam(ds, await createUser(ds), { teamCode: team.teamCode }));
  });

  it('[unique-invite-token] rejects a reused team or project invite token', async () => {
    const { owner, team } = await workspace();
    await createTeam(ds, owner, { inviteToken: 'team-token-1' });
    await expectViolation('unique', createTeam(ds, owner, { inviteToken: 'team-token-1' }));
    await createProject(ds, team, { inviteToken: 'project-token-1' });
    await expectViolation('unique', createProject(ds, team, { inviteToken: 'project-token-1' }));
  });

  it('[unique-project-code] rejects a second project with the same code', async () => {
    const { team, project } = await workspace();
    await expectViolation('unique', createProject(ds, team, { projectCode: project.projectCode }));
  });

  it('[unique-membership] rejects a user joining the same team or project twice', async () => {
    const { owner, team, project } = await workspace();
    await expectViolation('unique', addTeamMember(ds, team, owner));
    const repo = ds.getRepository(ProjectMemberEntity);
    await repo.insert({ id: randomUUID(), projectId: project.id, userId: owner.id });
    await expectViolation('unique', repo.insert({ id: randomUUID(), projectId: project.id, userId: owner.id }));
  });

  it('[one-pending-join-request] rejects a second pending request, but allows a new one after a denial', async () => {
    const { owner, team } = await workspace();
    const user = await createUser(ds);
    const repo = ds.getRepository(TeamJoinRequestEntity);
    const first = randomUUID();
    await repo.insert({ id: first, teamId: team.id, userId: user.id });
    await expectViolation('unique', repo.insert({ id: randomUUID(), teamId: team.id, userId: user.id }));

    await repo.update(first, { status: 'denied', respondedAt: new Date(), respondedBy: owner.id });
    await repo.insert({ id: randomUUID(), teamId: team.id, userId: user.id });
    expect(await repo.countBy({ teamId: team.id, userId: user.id })).toBe(2);
    expect(await repo.countBy({ teamId: team.id, userId: user.id, status: 'pending' })).toBe(1);
  });

  it('[join-request-responded] an answered request must say when; a pending one must not', async () => {
    const { team } = await workspace();
    const repo = ds.getRepository(TeamJoinRequestEntity);
    await expectViolation('check', repo.insert({ id: randomUUID(), teamId: team.id, userId: (await createUser(ds)).id, status: 'approved' }));
    await expectViolation(
      'check',
      repo.insert({ id: randomUUID(), teamId: team.id, userId: (await createUser(ds)).id, respondedAt: new Date() }),
    );
  });

  it('[unique-task-assignment] rejects assigning the same user to a task twice', async () => {
    const { owner, project } = await workspace();
    const task = await createTask(ds, project);
    const repo = ds.getRepository(TaskAssignmentEntity);
    await repo.insert({ id: randomUUID(), taskId: task.id, userId: owner.id });
    await expectViolation('unique', repo.insert({ id: randomUUID(), taskId: task.id, userId: owner.id }));
  });

  it('[unique-dependency] rejects the same dependency twice', async () => {
    const { project } = await workspace();
    const [a, b] = [await createTask(ds, project), await createTask(ds, project)];
    const repo = ds.getRepository(TaskDependencyEntity);
    await repo.insert({ id: randomUUID(), taskId: b.id, dependsOnTaskId: a.id });
    await expectViolation('unique', repo.insert({ id: randomUUID(), taskId: b.id, dependsOnTaskId: a.id }));
  });

  it('[unique-weekly-report] rejects a second report for the same project and week', async () => {
    const { project } = await workspace();
    const repo = ds.getRepository(WeeklyReportEntity);
    await repo.insert({ id: randomUUID(), projectId: project.id, weekEndingDate: '2025-03-07' });
    await expectViolation('unique', repo.insert({ id: randomUUID(), projectId: project.id, weekEndingDate: '2025-03-07' }));
    await repo.insert({ id: randomUUID(), projectId: project.id, weekEndingDate: '2025-03-14' });
  });

  it('[unique-dashboard-config] one layout per user and project, and one per user without a project', async () => {
    const { owner, project } = await workspace();
    const repo = ds.getRepository(DashboardConfigEntity);
    const row = (projectId: string | null) => ({ id: randomUUID(), userId: owner.id, projectId, layout: [] });
    await repo.insert(row(project.id));
    await expectViolation('unique', repo.insert(row(project.id)));
    await repo.insert(row(null));
    await expectViolation('unique', repo.insert(row(null)));
    // Another user's layouts are theirs alone.
    const other = await createUser(ds);
    await repo.insert({ ...row(null), userId: other.id });
    await repo.insert({ ...row(project.id), userId: other.id });
  });
});

describe('checks', () => {
  it('[team-code-format] rejects a lower-case, a 7-character or a 9-character team code', async () => {
    const owner = await createUser(ds);
    await expectViolation('check', createTeam(ds, owner, { teamCode: 'abcd1234' }));
    await expectViolation('check', createTeam(ds, owner, { teamCode: 'ABCD123' }));
    // char(8) refuses a longer code outright (22001, string too long) rather than truncating it.
    await expect(createTeam(ds, owner, { teamCode: 'ABCD12345' })).rejects.toThrow();
  });

  it('[project-code-format] accepts ABC-1234 and rejects codes without the PREFIX-number shape', async () => {
    const { team } = await workspace();
    await createProject(ds, team, { projectCode: 'ABC-1234' });
    for (const projectCode of ['abc-1234', 'ABC1234', 'A-1', 'ABC-12X']) {
      await expectViolation('check', createProject(ds, team, { projectCode }));
    }
  });

  it('[blank-names] rejects blank or whitespace-only team, project and task names', async () => {
    const { owner, team, project } = await workspace();
    await expectViolation('check', createTeam(ds, owner, { name: '   ' }));
    await expectViolation('check', createProject(ds, team, { name: '' }));
    await expectViolation('check', createTask(ds, project, { name: ' \t\n' }));
  });

  it('[team-enums] rejects an unknown plan or subscription status', async () => {
    const { team } = await workspace();
    await expectViolation('check', ds.query(`UPDATE teams SET subscription_plan = 'gold' WHERE id = $1`, [team.id]));
    await expectViolation('check', ds.query(`UPDATE teams SET subscription_status = 'paused' WHERE id = $1`, [team.id]));
    await expectViolation('check', ds.query(`UPDATE team_members SET role = 'boss' WHERE team_id = $1`, [team.id]));
  });

  it('[enums-match-checks] every value of the domain enums passes the matching CHECK', async () => {
    const { team, project } = await workspace();
    const task = await createTask(ds, project);
    const requestId = randomUUID();
    await ds.getRepository(TeamJoinRequestEntity).insert({ id: requestId, teamId: team.id, userId: (await createUser(ds)).id });
    const set = (sql: string, value: string, id: string) => ds.query(sql, [value, id]);
    for (const v of planSchema.options) await set(`UPDATE teams SET subscription_plan = $1 WHERE id = $2`, v, team.id);
    for (const v of SUBSCRIPTION_STATUSES) await set(`UPDATE teams SET subscription_status = $1 WHERE id = $2`, v, team.id);
    for (const v of TEAM_ROLES) await set(`UPDATE team_members SET role = $1 WHERE team_id = $2`, v, team.id);
    for (const v of PROJECT_STATUSES) await set(`UPDATE projects SET status = $1 WHERE id = $2`, v, project.id);
    for (const v of TASK_STATUSES) await set(`UPDATE tasks SET status = $1 WHERE id = $2`, v, task.id);
    for (const v of TASK_PRIORITIES) await set(`UPDATE tasks SET priority = $1 WHERE id = $2`, v, task.id);
    for (const v of JOIN_REQUEST_STATUSES) {
      await set(
        `UPDATE team_join_requests SET status = $1::varchar,
           responded_at = CASE WHEN $1::varchar = 'pending' THEN NULL ELSE now() END WHERE id = $2`,
        v,
        requestId,
      );
    }
    await ds.query(
      `INSERT INTO stripe_subscriptions (id, team_id, plan, status, state_at, state_rank) VALUES ('sub_enums', $1, 'pro', 'active', now(), 1)`,
      [team.id],
    );
    for (const v of paidPlanSchema.options) await set(`UPDATE stripe_subscriptions SET plan = $1 WHERE id = $2`, v, 'sub_enums');
    for (const v of PROVIDER_SUBSCRIPTION_STATUSES) await set(`UPDATE stripe_subscriptions SET status = $1 WHERE id = $2`, v, 'sub_enums');
    await expectViolation('check', set(`UPDATE stripe_subscriptions SET plan = $1 WHERE id = $2`, 'free', 'sub_enums'));
    await expectViolation('check', set(`UPDATE stripe_subscriptions SET status = $1 WHERE id = $2`, 'trialing', 'sub_enums'));
  });

  it('[task-progress-range] rejects progress -1 and 101, accepts 0 and 100', async () => {
    const { project } = await workspace();
    const task = await createTask(ds, project);
    await expectViolation('check', ds.query(`UPDATE tasks SET progress = -1 WHERE id = $1`, [task.id]));
    await expectViolation('check', ds.query(`UPDATE tasks SET progress = 101 WHERE id = $1`, [task.id]));
    await ds.query(`UPDATE tasks SET progress = 100 WHERE id = $1`, [task.id]);
    await ds.query(`UPDATE tasks SET progress = 0 WHERE id = $1`, [task.id]);
  });

  it('[task-dates-order] rejects a task or project ending before it starts; a one-day task is fine', async () => {
    const { team, project } = await workspace();
    await expectViolation('check', createTask(ds, project, { startDate: '2025-03-10', endDate: '2025-03-09' }));
    await createTask(ds, project, { startDate: '2025-03-10', endDate: '2025-03-10' });
    await expectViolation('check', createProject(ds, team, { startDate: '2025-03-10', endDate: '2025-03-01' }));
    await createProject(ds, team, { startDate: '2025-03-10', endDate: null });
  });

  it('[task-enums] rejects an unknown task status or priority, and the hyphenated in-progress', async () => {
    const { project } = await workspace();
    const task = await createTask(ds, project);
    for (const status of ['in-progress', 'done', '']) {
      await expectViolation('check', ds.query(`UPDATE tasks SET status = $1 WHERE id = $2`, [status, task.id]));
    }
    await expectViolation('check', ds.query(`UPDATE tasks SET priority = 'urgent' WHERE id = $1`, [task.id]));
    await expectViolation('check', ds.query(`UPDATE projects SET status = 'on_hold' WHERE id = $1`, [project.id]));
  });

  it('[task-color] rejects a colour that is not #rrggbb', async () => {
    const { project } = await workspace();
    for (const color of ['red', '#fff', '#12345g', '3b82f6']) {
      await expectViolation('check', createTask(ds, project, { color }));
    }
    await createTask(ds, project, { color: '#AbCdEf' });
  });

  it('[no-self-dependency] rejects a task depending on itself', async () => {
    const { project } = await workspace();
    const task = await createTask(ds, project);
    await expectViolation(
      'check',
      ds.getRepository(TaskDependencyEntity).insert({ id: randomUUID(), taskId: task.id, dependsOnTaskId: task.id }),
    );
  });

  it('[weekly-report-ranges] rejects a percentage outside 0-100 and more completed than total', async () => {
    const { project } = await workspace();
    const repo = ds.getRepository(WeeklyReportEntity);
    const report = (values: Partial<WeeklyReportEntity>) =>
      repo.insert({ id: randomUUID(), projectId: project.id, weekEndingDate: '2025-01-03', ...values });
    await expectViolation('check', report({ progressPercentage: 101 }));
    await expectViolation('check', report({ progressPercentage: -1 }));
    await expectViolation('check', report({ tasksCompleted: 3, tasksTotal: 2 }));
  });

  it('[dashboard-layout] rejects a layout that is not a list', async () => {
    const owner = await createUser(ds);
    await expectViolation(
      'check',
      ds.query(`INSERT INTO dashboard_configs (id, user_id, layout) VALUES ($1, $2, '{}'::jsonb)`, [randomUUID(), owner.id]),
    );
  });
});

describe('foreign keys and deletion', () => {
  it('[foreign-keys] rejects rows pointing at a missing team, project, task or user', async () => {
    const { project } = await workspace();
    const task = await createTask(ds, project);
    await expectViolation('foreign-key', createProject(ds, { id: randomUUID() }));
    await expectViolation('foreign-key', createTask(ds, { id: randomUUID() }));
    await expectViolation('foreign-key', createTask(ds, project, { assigneeId: randomUUID() }));
    await expectViolation('foreign-key', createTeam(ds, { id: randomUUID() }));
    await expectViolation(
      'foreign-key',
      ds.getRepository(TaskDependencyEntity).insert({ id: randomUUID(), taskId: task.id, dependsOnTaskId: randomUUID() }),
    );
    await expectViolation(
      'foreign-key',
      ds.getRepository(ProjectDocumentEntity).insert({ projectId: randomUUID(), state: new Uint8Array([1]) }),
    );
  });

  it('[cascade-project-delete] deleting a project removes its tasks, their history, links and document', async () => {
    const { owner, project } = await workspace();
    const [a, b] = [await createTask(ds, project), await createTask(ds, project)];
    await ds.getRepository(TaskDependencyEntity).insert({ id: randomUUID(), taskId: b.id, dependsOnTaskId: a.id });
    await ds.getRepository(TaskAssignmentEntity).insert({ id: randomUUID(), taskId: a.id, userId: owner.id });
    await ds.getRepository(TaskChangeHistoryEntity).insert({ id: randomUUID(), taskId: a.id, changedBy: owner.id, fieldName: 'name' });
    await ds.getRepository(ProjectDocumentEntity).insert({ projectId: project.id, state: new Uint8Array([1, 2]) });
    await ds.getRepository(WeeklyReportEntity).insert({ id: randomUUID(), projectId: project.id, weekEndingDate: '2025-03-07' });

    await ds.getRepository(ProjectEntity).delete(project.id);

    const taskIds = [a.id, b.id];
    expect(await ds.getRepository(TaskEntity).countBy({ projectId: project.id })).toBe(0);
    const [{ n }] = await ds.query(
      `SELECT (SELECT count(*) FROM task_change_history WHERE task_id = ANY($1))
            + (SELECT count(*) FROM task_dependencies WHERE task_id = ANY($1))
            + (SELECT count(*) FROM task_assignments WHERE task_id = ANY($1))
            + (SELECT count(*) FROM project_documents WHERE project_id = $2)
            + (SELECT count(*) FROM weekly_reports WHERE project_id = $2) AS n`,
      [taskIds, project.id],
    );
    expect(Number(n)).toBe(0);
    expect(await ds.getRepository(UserEntity).countBy({ id: owner.id })).toBe(1);
  });

  it('[assignee-set-null] deleting a user unassigns their tasks and keeps the history they wrote', async () => {
    const { project } = await workspace();
    const leaver = await createUser(ds);
    const task = await createTask(ds, project, { assigneeId: leaver.id });
    const changeId = randomUUID();
    await ds.getRepository(TaskChangeHistoryEntity).insert({ id: changeId, taskId: task.id, changedBy: leaver.id, fieldName: 'status' });

    await ds.getRepository(UserEntity).delete(leaver.id);

    expect((await ds.getRepository(TaskEntity).findOneByOrFail({ id: task.id })).assigneeId).toBeNull();
    expect((await ds.getRepository(TaskChangeHistoryEntity).findOneByOrFail({ id: changeId })).changedBy).toBeNull();
  });

  it('[team-owner-restrict] a user who owns a team cannot be deleted while the team exists', async () => {
    const { owner } = await workspace();
    await expectViolation('foreign-key', ds.getRepository(UserEntity).delete(owner.id));
  });

  it('[cascade-team-delete] deleting a team removes its members, requests, projects and chat', async () => {
    const { owner, team, project } = await workspace();
    await createTask(ds, project);
    await ds.getRepository(TeamJoinRequestEntity).insert({ id: randomUUID(), teamId: team.id, userId: (await createUser(ds)).id });
    await ds.getRepository(TeamChatMessageEntity).insert({ id: randomUUID(), teamId: team.id, userId: owner.id, message: 'bye' });

    await ds.query(`DELETE FROM teams WHERE id = $1`, [team.id]);

    for (const table of ['team_members', 'team_join_requests', 'projects', 'team_chat_messages']) {
      const [{ n }] = await ds.query(`SELECT count(*) AS n FROM ${table} WHERE team_id = $1`, [team.id]);
      expect(Number(n), table).toBe(0);
    }
    expect(await ds.getRepository(TaskEntity).countBy({ projectId: project.id })).toBe(0);
  });
});

describe('migration down', () => {
  it('[migrations] every migration after accounts reverts cleanly, and all apply again', async () => {
    const own = await openTestDatabase();
    try {
      for (let i = 1; i < migrations.length; i++) await own.dataSource.undoLastMigration({ transaction: 'each' });
      const [{ n }] = await own.dataSource.query(
        `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'tasks'`,
      );
      expect(Number(n)).toBe(0);
      expect(await own.dataSource.showMigrations()).toBe(true);
      await own.dataSource.runMigrations({ transaction: 'each' });
      expect(await own.dataSource.showMigrations()).toBe(false);
    } finally {
      await own.close();
    }
  });
});
