import {
  DAY_MS,
  createTaskInputSchema,
  matchMember,
  memberFullName,
  parseTaskPrompt,
  taskNameProblem,
  type AiCreateTaskInput,
  type AiCreateTaskResult,
  type AiModelRefinement,
  type ParsedTaskPrompt,
  type PromptMember,
} from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError, validationError } from '../../errors.js';
import { requireProjectAccess } from '../access/access.policy.js';
import type { TasksService } from '../tasks/tasks.service.js';
import type { ModelRefiner } from './ai-model.js';
import { promptMembers } from './ai.queries.js';


/** The user's today when the browser says it (within a day of ours: time zones), else the server's UTC date. */
function resolveToday(claimed: string | undefined, now: Date): string {
  const server = now.toISOString().slice(0, 10);
  if (!claimed) return server;
  if (Math.abs(Date.parse(`${claimed}T00:00:00Z`) - Date.parse(`${server}T00:00:00Z`)) > DAY_MS) {
    throw new AppError('validation_failed', `today must be your current date (the server's is ${server})`, {
      issues: [{ path: 'today', message: `today must be your current date (the server's is ${server})` }],
    });
  }
  return claimed;
}

function fromModel(refined: AiModelRefinement, members: PromptMember[], userId: string): ParsedTaskPrompt {
  let assigneeId: string | null = null;
  let assignedTo: string | null = refined.assigneeName || null;
  if (assignedTo && /^(me|myself)$/i.test(assignedTo)) {
    const self = members.find((m) => m.id === userId);
    [assigneeId, assignedTo] = self ? [self.id, memberFullName(self)] : [null, null];
  } else if (assignedTo) {
    const match = matchMember(assignedTo, members);
    if (match.kind === 'found') [assigneeId, assignedTo] = [match.member.id, memberFullName(match.member)];
  }
  const { name, description, priority, status, startDate, endDate } = refined;
  return { name, description, priority, status, startDate, endDate, assigneeId, assignedTo };
}

/**
 * [ai-create] POST /api/tasks/ai-create: the prompt is parsed offline (domain rule), optionally refined by a
 * configured model, and the task is created through TasksService.create: the same write path, history and live
 * document as any other task (ARCHITECTURE §3).
 */
export class AiTaskService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tasks: TasksService,
    private readonly model: ModelRefiner | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, input: AiCreateTaskInput): Promise<AiCreateTaskResult> {
    await requireProjectAccess(this.dataSource, userId, input.projectId);
    const today = resolveToday(input.today, this.now());
    const members = await promptMembers(this.dataSource, input.projectId);
    let parsed = parseTaskPrompt(input.prompt, { today, members, currentUserId: userId });
    let source: 'offline' | 'model' = 'offline';
    const refined = this.model ? await this.model.refine(input.prompt, today) : null;
    if (refined) [parsed, source] = [fromModel(refined, members, userId), 'model'];
    // Nothing to do, or nothing recognisable ('asdf'): ask the person to rephrase rather than create 'Asdf'.
    const problem = taskNameProblem(parsed.name);
    if (problem) throw new AppError('validation_failed', problem, { issues: [{ path: 'prompt', message: problem }] });

    const fields = createTaskInputSchema.safeParse({
      projectId: input.projectId,
      name: parsed.name,
      description: parsed.description,
      startDate: parsed.startDate,
      endDate: parsed.endDate,
      status: parsed.status,
      priority: parsed.priority,
      progress: parsed.status === 'completed' ? 100 : 0,
      assigneeId: parsed.assigneeId,
      changeReason: 'Created with the AI task creator',
    });
    if (!fields.success) throw validationError(fields.error);
    const task = await this.tasks.create(userId, fields.data);
    const { name, description, priority, status, assignedTo, startDate, endDate } = parsed;
    return {
      task,
      aiParsing: {
        parsedDetails: { name, description, priority, status, assignedTo, startDate, endDate },
        assigneeFound: parsed.assigneeId !== null,
        source,
      },
    };
  }
}
