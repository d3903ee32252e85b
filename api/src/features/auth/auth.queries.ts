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

/**
 * Task lists show their assignee's name: the lists of tasks assigned to this user are out of date, and those tasks
 * are stamped with their project's new version (tasks.list_version), so an incremental read picks them up. The
 * project rows first, as the document write path locks them.
 */
export async function outdateTaskListsAssignedTo(sql: Sql, userId: string): Promise<void> {
  await sql.query(
    `WITH raised AS (
       UPDATE projects SET tasks_version = tasks_version + 1
        WHERE id IN (SELECT DISTINCT project_id FROM tasks WHERE assignee_id = $1)
       RETURNING id, tasks_version)
     UPDATE tasks t SET list_version = raised.tasks_version FROM raised WHERE t.project_id = raised.id AND t.assignee_id = $1`,
    [userId],
  );
}
