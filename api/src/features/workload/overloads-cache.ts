import type { OverloadSpan } from '@planline/domain';
import type { Sql } from '../access/access.queries.js';

/**
 * [workload-overloads-cache] The chart's over-allocation read (GET …/workload?only=overloads) kept per team, range
 * and version of what loads the team (loadVersion): a repeat read costs one small statement, and only a change to
 * a task, a capacity, a calendar or the team's members computes the spans again. What depends on the viewer (names,
 * which projects they may open) is applied to the kept spans per read. A computation is shared by the reads that
 * ask for it at once, and is charged what it cost to the asker's and the team's budget (overloads-budget.ts): in
 * debt, 429.
 */

export interface KeptOverloads {
  /** The version the spans were computed at (loadVersion, read in the same snapshot as the tasks). */
  version: string;
  /** Person by person, in the order of computeWorkload's rows; the Unassigned row has none. */
  people: { userId: string; overloads: OverloadSpan[] }[];
  /** Every project whose tasks load the team over the range. */
  projectIds: string[];
  /** The project of each task a span names. */
  projectOfTask: Map<string, string>;
}

/**
 * What the team's load over any range is a function of, as one string: each project that can load its members
 * with its task list version and calendar, and each member with their capacity. Every task write raises its
 * project's task list version (raiseTaskListVersion), so an equal string means equal spans. The projects are read
 * from memberships, not from the tasks (at 100,000 tasks a read of every assignment cost seconds): every project of
 * a team a member belongs to, every project a member is a guest of, and `found`, the projects the last
 * computation found tasks in (an assignment kept after its assignee left that project's team).
 */
export async function loadVersion(sql: Sql, teamId: string, found: readonly string[]): Promise<string> {
  const rows: { projects: string | null; people: string | null }[] = await sql.query(
    `WITH members AS (SELECT user_id FROM team_members WHERE team_id = $1),
     involved AS (
       SELECT p.id FROM projects p WHERE p.team_id IN (SELECT tm.team_id FROM team_members tm JOIN members m ON m.user_id = tm.user_id)
       UNION
       SELECT pm.project_id FROM project_members pm JOIN members m ON m.user_id = pm.user_id
       UNION
       SELECT unnest($2::uuid[])
     )
     SELECT
       (SELECT string_agg(p.id::text || '@' || p.tasks_version::text || '@' || p.working_weekdays::text || '@' || p.holidays::text, ',' ORDER BY p.id)
          FROM projects p JOIN involved i ON i.id = p.id) AS projects,
       (SELECT string_agg(m.user_id::text || '@' || COALESCE(c.hours_per_day::text, '') || '@' || COALESCE(c.working_days::text, '') || '@' || COALESCE(c.days_off::text, ''), ',' ORDER BY m.user_id)
          FROM team_members m LEFT JOIN member_capacities c ON c.team_id = m.team_id AND c.user_id = m.user_id WHERE m.team_id = $1) AS people`,
    [teamId, [...found]],
  );
  return `${rows[0]?.projects ?? ''}|${rows[0]?.people ?? ''}`;
}

/** Kept spans by team and range, the least recently read forgotten past `capacity` entries. */
export class OverloadsCache {
  private readonly kept = new Map<string, KeptOverloads>();
  private readonly computing = new Map<string, Promise<KeptOverloads>>();

  constructor(private readonly capacity = 64) {}

  /** The projects the spans kept for `key` were found in (loadVersion's `found`), none when nothing is kept. */
  found(key: string): readonly string[] {
    return this.kept.get(key)?.projectIds ?? [];
  }

  /**
   * The spans for `key` at `version`: the kept ones if they are of that version, else those of a computation
   * already under way for the key, else a new `compute()`, begun by `begin` (the budget: it may refuse, and the
   * function it returns is called once the computation has settled, to charge what it cost). A read that joins a
   * computation begun before an edit it has seen gets the spans as they were (one read's lag: the spans are kept
   * under their own snapshot's version, so the next read, the live refetch after that edit's event, computes again).
   */
  async read(key: string, version: string, begin: () => () => void, compute: () => Promise<KeptOverloads>): Promise<KeptOverloads> {
    const kept = this.kept.get(key);
    if (kept?.version === version) {
      // Most recently read last: the first entry is the one to forget.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const under = this.computing.get(key);
    if (under) return under;
    const end = begin();
    const computed = compute()
      .then((result) => {
        this.keep(key, result);
        return result;
      })
      .finally(() => {
        end();
        this.computing.delete(key);
      });
    this.computing.set(key, computed);
    return computed;
  }

  private keep(key: string, result: KeptOverloads): void {
    this.kept.delete(key);
    this.kept.set(key, result);
    while (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
}
