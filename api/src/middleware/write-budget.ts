import type { Middleware } from '@koa/router';
import { TOO_MANY_CHANGES_MESSAGE } from '@planline/domain';
import type { WriteBudgets } from '@planline/realtime';
import { AppError } from '../errors.js';
import { describesResponses } from '../http/openapi.js';
import { currentUser } from './auth.js';

/**
 * A REST write takes from its author's edit budget, the one their document connections spend too (issue 34: a
 * person's budget is one, whatever the path); `newTasks` names the project of a write that adds a task, which
 * also takes from the person's and the project's budgets of new tasks. Past either: 429, nothing written.
 */
export function spendWrite(budgets: WriteBudgets, newTasks?: (body: unknown) => string): Middleware {
  return describesResponses(async (ctx, next) => {
    const userId = currentUser(ctx.state).id;
    const projectId = newTasks?.(ctx.state.body);
    if (!budgets.edit(userId) || (projectId !== undefined && !budgets.addTasks(userId, projectId, 1))) {
      throw new AppError('too_many_requests', TOO_MANY_CHANGES_MESSAGE);
    }
    await next();
  }, 429);
}
