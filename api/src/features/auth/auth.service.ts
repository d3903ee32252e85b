import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type UserEntity } from '@planline/db';
import type { ProfileInput, RegisterInput } from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { findUser, getUser, insertUser, outdateTaskListsAssignedTo, updateProfileFields, userWithPassword } from './auth.queries.js';
import { hashPassword, spendVerifyTime, verifyPassword } from './password.js';

export const USER_EXISTS_MESSAGE = 'A user already exists with this email address. Sign in instead.';

export class AuthService {
  constructor(private readonly dataSource: DataSource) {}

  async register(input: RegisterInput): Promise<UserEntity> {
    const id = randomUUID();
    const passwordHash = await hashPassword(input.password);
    try {
      await insertUser(this.dataSource, { id, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', USER_EXISTS_MESSAGE);
      throw err;
    }
    return getUser(this.dataSource, id);
  }

  /** The user whose email and password match, else null (same time either way). */
  async verifyCredentials(email: string, password: string): Promise<UserEntity | null> {
    const found = await userWithPassword(this.dataSource, email);
    if (!found?.passwordHash) {
      await spendVerifyTime(password);
      return null;
    }
    return (await verifyPassword(password, found.passwordHash)) ? found : null;
  }

  findById(id: string): Promise<UserEntity | null> {
    return findUser(this.dataSource, id);
  }

  async updateProfile(userId: string, input: ProfileInput): Promise<UserEntity> {
    try {
      await this.dataSource.transaction(async (m) => {
        await updateProfileFields(m, userId, { firstName: input.firstName, lastName: input.lastName, email: input.email });
        await outdateTaskListsAssignedTo(m, userId);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', 'Another account already uses this email address');
      throw err;
    }
    return getUser(this.dataSource, userId);
  }
}
