import { Accounts1764000000000 } from './1764000000000-accounts.js';
import { Workspace1764000000001 } from './1764000000001-workspace.js';
import { TeamInvites1764000000002 } from './1764000000002-team-invites.js';
import { DocumentUpdates1764000000003 } from './1764000000003-document-updates.js';
import { HistoryOrder1764000000004 } from './1764000000004-history-order.js';
import { Support1764000000005 } from './1764000000005-support.js';
import { Billing1764000000006 } from './1764000000006-billing.js';
import { TaskListVersion1764000000007 } from './1764000000007-task-list-version.js';
import { LinkTypes1764000000008 } from './1764000000008-link-types.js';
import { ProjectCalendar1764000000009 } from './1764000000009-project-calendar.js';
import { Milestones1764000000010 } from './1764000000010-milestones.js';
import { SummaryTasks1764000000011 } from './1764000000011-summary-tasks.js';
import { Baselines1764000000020 } from './1764000000020-baselines.js';
import { CompleteHistory1764000000021 } from './1764000000021-complete-history.js';
import { TaskListVersionPerTask1764000000022 } from './1764000000022-task-list-version-per-task.js';
import { ProjectEditedBy1764000000030 } from './1764000000030-project-edited-by.js';
import { HolidayNames1764000000031 } from './1764000000031-holiday-names.js';
import { Workload1764000000040 } from './1764000000040-workload.js';
import { Templates1764000000047 } from './1764000000047-templates.js';
import { CalendarFeeds1764000000057 } from './1764000000057-calendar-feeds.js';
import { Conversation1764000000060 } from './1764000000060-conversation.js';
import { Grid1764000000070 } from './1764000000070-grid.js';
import { ApiTokens1764000000080 } from './1764000000080-api-tokens.js';
import { Webhooks1764000000090 } from './1764000000090-webhooks.js';

/** Every migration in the order it runs. Committed, run at start; the schema is never synchronised. */
export const migrations = [Accounts1764000000000, Workspace1764000000001, TeamInvites1764000000002, DocumentUpdates1764000000003, HistoryOrder1764000000004, Support1764000000005, Billing1764000000006, TaskListVersion1764000000007, LinkTypes1764000000008, ProjectCalendar1764000000009, Milestones1764000000010, SummaryTasks1764000000011, Baselines1764000000020, CompleteHistory1764000000021, TaskListVersionPerTask1764000000022, ProjectEditedBy1764000000030, HolidayNames1764000000031, Workload1764000000040, Templates1764000000047, CalendarFeeds1764000000057, Conversation1764000000060, Grid1764000000070, ApiTokens1764000000080, Webhooks1764000000090];
