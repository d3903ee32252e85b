import { UserEntity } from '@planline/db';
import type { Db, Sql } from '../access/access.queries.js';

/** Users' SQL for sign-up, sign-in and the profile. */

export async function insertUser(db: Db, user: Pick<UserEntity, 'id' | 'email' | 'firstName' | 'lastName' | 'passwordHash'>): Promise<void> {
  await db.getRepository(UserEntity).insert(user);
}

export const findUser = (db: Db, id: string): Promise<UserEntity | null> => db.getRepository(UserEntity).findOneBy({ id });

export const getUser = (db: Db, id: string): Promise<UserEntity> => db.getRepository(UserEntity).findOneByOrFail({ id });

/** The user with this e-mail address (any case), with the password hash no other read selects. */
export const userWithPassword = (db: Db, email: string): Promise<UserEntity | null> =>
  db
    .getRepository(UserEntity)
    .createQueryBuilder('u')
    .addSelect('u.passwordHash')
    .where('lower(u.email) = lower(:email)', { email: email.trim() })
    .getOne();

export async function updateProfileFields(db: Db, userId: string, fields: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): Promise<void> {
  await db.getRepository(UserEntity).update({ id: userId }, { ...fields, updatedAt: new Date() });
}

/** Task lists show their assignee's name: the lists of tasks assigned to this user are out of date. */
export async function outdateTaskListsAssignedTo(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `UPDATE projects SET tasks_version = tasks_version + 1 WHERE id IN (SELECT DISTINCT project_id FROM tasks WHERE assignee_id = $1)`,
    [userId],
  );
}
