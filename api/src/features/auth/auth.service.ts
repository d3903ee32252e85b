import { randomUUID } from 'node:crypto';
import { isUniqueViolation, UserEntity } from '@planline/db';
import type { ProfileInput, RegisterInput } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { hashPassword, spendVerifyTime, verifyPassword } from './password.js';

export const USER_EXISTS_MESSAGE = 'A user already exists with this email address. Sign in instead.';

export class AuthService {
  constructor(private readonly dataSource: DataSource) {}

  private get users() {
    return this.dataSource.getRepository(UserEntity);
  }

  async register(input: RegisterInput): Promise<UserEntity> {
    const id = randomUUID();
    const passwordHash = await hashPassword(input.password);
    try {
      await this.users.insert({
        id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
      throw err;
    }
    return this.users.findOneByOrFail({ id });
  }

  /** The user whose email and password match, else null (same time either way). */
  async verifyCredentials(email: string, password: string): Promise<UserEntity | null> {
    const found = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
    if (!found?.passwordHash) {
      await spendVerifyTime(password);
      return null;
    }
    return (await verifyPassword(password, found.passwordHash)) ? found : null;
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  async updateProfile(userId: string, input: ProfileInput): Promise<UserEntity> {
    try {
      await this.dataSource.transaction(async (m) => {
        await m.getRepository(UserEntity).update(
          { id: userId },
          { firstName: input.firstName, lastName: input.lastName, email: input.email, updatedAt: new Date() },
        );
        // Task lists show their assignee's name: the lists of tasks assigned to this user are out of date.
        await m.query(
          `UPDATE projects SET tasks_version = tasks_version + 1 WHERE id IN (SELECT DISTINCT project_id FROM tasks WHERE assignee_id = $1)`,
          [userId],
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', 'Another account already uses this email address');
      throw err;
    }
    return this.users.findOneByOrFail({ id: userId });
  }
}
