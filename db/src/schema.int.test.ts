import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
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
  WeeklyReportEntity,
} from './entities/index.js';
import { expectViolation, workspaceIn } from './schema.fixtures.js';
import { openTestDatabase, type TestDatabase } from './testing.js';
import { migrations } from './migrations/index.js';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await openTestDatabase();
  ds = db.dataSource;
});
afterAll(() => db?.close());

const workspace = () => workspaceIn(ds);

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
      smallint: 'smallint',
      numeric: 'numeric',
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
      projectId: project.id,
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
