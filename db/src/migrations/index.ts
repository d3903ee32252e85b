import { Accounts1764000000000 } from './1764000000000-accounts.js';
import { Workspace1764000000001 } from './1764000000001-workspace.js';

/** Every migration in the order it runs. Committed, run at start; the schema is never synchronised. */
export const migrations = [Accounts1764000000000, Workspace1764000000001];
