import type { PresenceUser } from './presence';

/** How long after a drop a teammate's write of the same fields counts as having crossed it. */
export const CROSSED_DROP_WINDOW_MS = 3000;

/** The fields a drop writes. */
export type DropFields = Partial<Record<'startDate' | 'endDate' | 'progress', string | number>>;

/** A drop of ours that a teammate's drop of the same bar overwrote. */
export interface CrossedDrop {
  taskId: string;
  by: PresenceUser;
  /** What we had set: writing it again brings it back. */
  mine: DropFields;
}

/**
 * [crossed-drops] Two people who drop the same bar at once both see one result (the CRDT picks one), and the one
 * whose drop lost would otherwise never know. This remembers our drops for a few seconds and who last held each
 * bar; when a teammate's change lands on fields we just wrote, with other values, and that teammate held the
 * bar, it names them. A server repair or anything nobody was holding is not a crossing.
 */
export class CrossedDropWatch {
  private readonly drops = new Map<string, { fields: DropFields; at: number }>();
  private readonly holders = new Map<string, { user: PresenceUser; at: number }>();

  constructor(
    private readonly ownUserId: () => string | null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** We wrote `fields` of a task by a drop or key press. */
  dropped(taskId: string, fields: DropFields): void {
    this.drops.set(taskId, { fields, at: this.now() });
  }

  /** Someone else holds a bar right now (from presence). */
  held(taskId: string, user: PresenceUser): void {
    if (user.id !== this.ownUserId()) this.holders.set(taskId, { user, at: this.now() });
  }

  /**
   * A change that did not come from us touched `taskId`; `read` gives a field's value now. Returns the crossing
   * when it was one (and forgets the drop).
   */
  remoteChange(taskId: string, read: (field: keyof DropFields) => unknown): CrossedDrop | null {
    const drop = this.drops.get(taskId);
    if (!drop) return null;
    const now = this.now();
    if (now - drop.at > CROSSED_DROP_WINDOW_MS) {
      this.drops.delete(taskId);
      return null;
    }
    const fields = Object.keys(drop.fields) as (keyof DropFields)[];
    if (fields.every((f) => read(f) === drop.fields[f])) return null;
    this.drops.delete(taskId);
    const holder = this.holders.get(taskId);
    if (!holder || now - holder.at > CROSSED_DROP_WINDOW_MS) return null;
    return { taskId, by: holder.user, mine: drop.fields };
  }
}
