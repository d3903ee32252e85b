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
  createProject,
  createTask,
  createTeam,
  createUser,
} from '../test/factories.js';
import {
  ProjectBaselineEntity,
  ProjectBaselineLinkEntity,
  ProjectBaselineTaskEntity,
  ProjectDocumentEntity,
  ProjectEntity,
  TaskAssignmentEntity,
  TaskChangeHistoryEntity,
  TaskDependencyEntity,
  TaskEntity,
  TeamChatMessageEntity,
  TeamJoinRequestEntity,
  UserEntity,
  WeeklyReportEntity,
} from './entities/index.js';
import { expectViolation, workspaceIn } from './schema.fixtures.js';
import { openTestDatabase, type TestDatabase } from './testing.js';
import { migrations } from './migrations/index.js';

/**
 * [schema] The database's own guarantees, continued from schema.int.test.ts: CHECK constraints, foreign keys and
 * what deleting cascades to, and migrations reverting cleanly.
 */
let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await openTestDatabase();
  ds = db.dataSource;
});
afterAll(() => db?.close());

const workspace = () => workspaceIn(ds);

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
    await ds.getRepository(TaskChangeHistoryEntity).insert({ id: randomUUID(), taskId: a.id, projectId: project.id, changedBy: owner.id, fieldName: 'name' });
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
    await ds.getRepository(TaskChangeHistoryEntity).insert({ id: changeId, taskId: task.id, projectId: project.id, changedBy: leaver.id, fieldName: 'status' });

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

describe('baselines', () => {
  /** A baseline of the workspace's project holding one task and one link. */
  async function baselineOf(project: { id: string }, createdBy: string | null, taskIds: [string, string]) {
    const id = randomUUID();
    await ds.getRepository(ProjectBaselineEntity).insert({ id, projectId: project.id, name: 'Kick-off plan', createdBy });
    const [taskId, dependsOnTaskId] = taskIds;
    await ds.getRepository(ProjectBaselineTaskEntity).insert({ baselineId: id, taskId, name: 'Survey', startDate: '2026-11-23', endDate: '2026-11-27', progress: 10 });
    await ds.getRepository(ProjectBaselineLinkEntity).insert({ baselineId: id, taskId, dependsOnTaskId, type: 'SS', lagDays: -2 });
    return id;
  }

  it('[baseline-checks] refuses a blank name, progress outside 0-100, an end before the start and an unknown link type', async () => {
    const { project } = await workspace();
    const id = await baselineOf(project, null, [randomUUID(), randomUUID()]);
    await expectViolation('check', ds.getRepository(ProjectBaselineEntity).insert({ id: randomUUID(), projectId: project.id, name: ' \t' }));
    const task = { baselineId: id, name: 'T', startDate: '2026-11-23', endDate: '2026-11-27', progress: 0 };
    await expectViolation('check', ds.getRepository(ProjectBaselineTaskEntity).insert({ ...task, taskId: randomUUID(), progress: 101 }));
    await expectViolation('check', ds.getRepository(ProjectBaselineTaskEntity).insert({ ...task, taskId: randomUUID(), endDate: '2026-11-20' }));
    await expectViolation(
      'check',
      ds.getRepository(ProjectBaselineLinkEntity).insert({ baselineId: id, taskId: randomUUID(), dependsOnTaskId: randomUUID(), type: 'XX' as 'FS', lagDays: 0 }),
    );
  });

  it('[baseline-snapshot-rows] a deleted task stays in its baselines; a deleted author leaves the baseline unsigned; a deleted project takes them all', async () => {
    const { owner, project } = await workspace();
    const author = await createUser(ds);
    const [a, b] = [await createTask(ds, project), await createTask(ds, project)];
    const id = await baselineOf(project, author.id, [b.id, a.id]);

    await ds.getRepository(TaskEntity).delete([a.id, b.id]);
    await ds.getRepository(UserEntity).delete(author.id);
    expect(await ds.getRepository(ProjectBaselineTaskEntity).countBy({ baselineId: id })).toBe(1);
    expect(await ds.getRepository(ProjectBaselineLinkEntity).countBy({ baselineId: id })).toBe(1);
    expect((await ds.getRepository(ProjectBaselineEntity).findOneByOrFail({ id })).createdBy).toBeNull();

    await ds.getRepository(ProjectEntity).delete(project.id);
    expect(await ds.getRepository(ProjectBaselineEntity).countBy({ id })).toBe(0);
    expect(await ds.getRepository(ProjectBaselineTaskEntity).countBy({ baselineId: id })).toBe(0);
    expect(await ds.getRepository(ProjectBaselineLinkEntity).countBy({ baselineId: id })).toBe(0);
    expect(await ds.getRepository(UserEntity).countBy({ id: owner.id })).toBe(1);
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
