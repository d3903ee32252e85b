import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager, FindOptionsWhere, QueryDeepPartialEntity } from 'typeorm';
import {
  ProjectEntity,
  TaskEntity,
  TeamEntity,
  TeamMemberEntity,
  UserEntity,
} from '../src/entities/index.js';

/**
 * Insert helpers for integration tests of every package: each writes one valid row (unique values made up
 * per call), lets the database fill its defaults and returns the row as read back.
 */

type Db = DataSource | EntityManager;

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
let sequence = 0;

function randomCode(length: number): string {
  return Array.from(randomBytes(length), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const manager = (db: Db): EntityManager => ('manager' in db ? db.manager : db);

async function insert<T extends { id: string }>(db: Db, target: new () => T, values: Partial<T>): Promise<T> {
  const repo = manager(db).getRepository(target);
  await repo.insert(values as QueryDeepPartialEntity<T>);
  return repo.findOneByOrFail({ id: values.id } as FindOptionsWhere<T>);
}

/** A fresh 8-character team code, like the ones the API hands out. */
export const makeTeamCode = () => randomCode(8);

export function createUser(db: Db, values: Partial<UserEntity> = {}): Promise<UserEntity> {
  const n = ++sequence;
  return insert(db, UserEntity, {
    id: randomUUID(),
    email: `user${n}-${randomCode(6).toLowerCase()}@example.test`,
    firstName: 'Test',
    lastName: `User ${n}`,
    ...values,
  });
}

export function addTeamMember(
  db: Db,
  team: Pick<TeamEntity, 'id'>,
  user: Pick<UserEntity, 'id'>,
  values: Partial<TeamMemberEntity> = {},
): Promise<TeamMemberEntity> {
  return insert(db, TeamMemberEntity, { id: randomUUID(), teamId: team.id, userId: user.id, ...values });
}

/** A team owned by `owner`, who is also its member with the owner role (as the API creates teams). */
export async function createTeam(
  db: Db,
  owner: Pick<UserEntity, 'id'>,
  values: Partial<TeamEntity> = {},
): Promise<TeamEntity> {
  const team = await insert(db, TeamEntity, {
    id: randomUUID(),
    name: `Team ${++sequence}`,
    teamCode: makeTeamCode(),
    ownerId: owner.id,
    ...values,
  });
  await addTeamMember(db, team, owner, { role: 'owner' });
  return team;
}

export function createProject(
  db: Db,
  team: Pick<TeamEntity, 'id'>,
  values: Partial<ProjectEntity> = {},
): Promise<ProjectEntity> {
  const n = ++sequence;
  return insert(db, ProjectEntity, {
    id: randomUUID(),
    name: `Project ${n}`,
    teamId: team.id,
    projectCode: `${randomCode(4)}-${n}`,
    ...values,
  });
}

export function createTask(
  db: Db,
  project: Pick<ProjectEntity, 'id'>,
  values: Partial<TaskEntity> = {},
): Promise<TaskEntity> {
  return insert(db, TaskEntity, {
    id: randomUUID(),
    name: `Task ${++sequence}`,
    projectId: project.id,
    startDate: '2025-03-03',
    endDate: '2025-03-07',
    ...values,
  });
}
