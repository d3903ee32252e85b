import {
  AI_CHANGE_REASON,
  DAY_MS,
  createTaskInputSchema,
  parseTaskPrompt,
  resolveNamedAssignee,
  taskNameProblem,
  type AiCreateTaskInput,
  type AiCreateTaskResult,
  type AiModelRefinement,
  type AiPreview,
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
  const assignee = resolveNamedAssignee(refined.assigneeName, members, userId);
  const { name, description, priority, status, startDate, endDate } = refined;
  return {
    name,
    description,
    priority,
    status,
    startDate,
    endDate,
    assigneeId: assignee?.assigneeId ?? null,
    assignedTo: assignee?.assignedTo ?? null,
    warnings: assignee?.warning ? [assignee.warning] : [],
  };
}

/**
 * [ai-preview] [ai-create] The AI task creator. `preview` reads the prompt (offline by the domain rule, then
 * refined by a configured model when there is one) and creates nothing: the web shows that reading to be
 * confirmed or corrected and creates the task through POST /api/tasks. `create` (POST /api/tasks/ai-create)
 * reads and creates in one step, through TasksService.create: the same write path, history and live document
 * as any other task (ARCHITECTURE §3).
 */
export class AiTaskService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tasks: TasksService,
    private readonly model: ModelRefiner | null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async preview(userId: string, input: AiCreateTaskInput): Promise<AiPreview> {
    await requireProjectAccess(this.dataSource, userId, input.projectId);
    const today = resolveToday(input.today, this.now());
    const members = await promptMembers(this.dataSource, input.projectId);
    let parsed = parseTaskPrompt(input.prompt, { today, members, currentUserId: userId });
    let source: AiPreview['source'] = 'offline';
    const refined = this.model ? await this.model.refine(input.prompt, today) : null;
    if (refined) [parsed, source] = [fromModel(refined, members, userId), 'model'];
    // Nothing to do, or nothing recognisable ('asdf'): ask the person to rephrase rather than offer 'Asdf'.
    const problem = taskNameProblem(parsed.name);
    if (problem) throw new AppError('validation_failed', problem, { issues: [{ path: 'prompt', message: problem }] });
    const { warnings, ...draft } = parsed;
    return { draft, warnings, source };
  }

  async create(userId: string, input: AiCreateTaskInput): Promise<AiCreateTaskResult> {
    const { draft, warnings, source } = await this.preview(userId, input);
    const fields = createTaskInputSchema.safeParse({
      projectId: input.projectId,
      name: draft.name,
      description: draft.description,
      startDate: draft.startDate,
      endDate: draft.endDate,
      status: draft.status,
      priority: draft.priority,
      progress: draft.status === 'completed' ? 100 : 0,
      assigneeId: draft.assigneeId,
      changeReason: AI_CHANGE_REASON,
    });
    if (!fields.success) throw validationError(fields.error);
    const task = await this.tasks.create(userId, fields.data);
    const { assigneeId, ...parsedDetails } = draft;
    return { task, aiParsing: { parsedDetails, assigneeFound: assigneeId !== null, warnings, source } };
  }
}
