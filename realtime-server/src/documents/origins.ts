/**
 * Who made a change to a project document, as the transaction's origin says it: every kind of origin the store
 * sees, and the one way to read its author. History rows credit this author and its reason.
 */

/**
 * Origin of a server-side edit (REST, quick add, AI creator, leveling): who, and why when they said; `reasons` gives
 * single tasks a reason of their own ("Levelled: Ana over-allocated 3-5 Mar"), over the cascade's and the author's.
 */
export interface ServerEdit {
  kind: 'server-edit';
  userId: string | null;
  reason?: string;
  reasons?: ReadonlyMap<string, string>;
}
export const serverEdit = (userId: string | null, reason?: string, reasons?: ReadonlyMap<string, string>): ServerEdit => ({
  kind: 'server-edit',
  userId,
  reason,
  ...(reasons?.size ? { reasons } : {}),
});

/**
 * Origin of the moves auto-scheduling made after someone's change (document-cascade.ts): credited to that person,
 * each moved task with its own reason ("Moved by dependency on «name»").
 */
export interface CascadeOrigin {
  kind: 'cascade';
  userId: string | null;
  reasons: ReadonlyMap<string, string>;
}
export const cascadeOrigin = (userId: string | null, reasons: ReadonlyMap<string, string>): CascadeOrigin => ({ kind: 'cascade', userId, reasons });
export const isCascadeOrigin = (origin: unknown): origin is CascadeOrigin =>
  !!origin && typeof origin === 'object' && (origin as CascadeOrigin).kind === 'cascade';
export const isServerEdit = (origin: unknown): origin is ServerEdit =>
  !!origin && typeof origin === 'object' && (origin as ServerEdit).kind === 'server-edit';

/** The origin of an update that came from another process (scaled mode). `id` is null for catch-up state (no single author). */
export interface RelayedOrigin {
  kind: 'relayed';
  id: string | null;
  userId: string | null;
  reason: string | null;
  /** A server edit's reasons of single tasks, relayed with it (a leveling made on another process). */
  reasons: ReadonlyMap<string, string> | null;
}

/** The reasons of single tasks an origin carries: a server edit's own, or one relayed from another process. */
export const taskReasonsOf = (origin: unknown): ReadonlyMap<string, string> | null =>
  isServerEdit(origin) ? (origin.reasons ?? null) : isRelayedOrigin(origin) ? origin.reasons : null;

export const isRelayedOrigin = (origin: unknown): origin is RelayedOrigin =>
  !!origin && typeof origin === 'object' && (origin as RelayedOrigin).kind === 'relayed';

export interface Author {
  userId: string | null;
  reason: string | null;
}

/**
 * Who made a change: a Hocuspocus connection carries its user in `context`, a server edit names its user, an
 * update relayed from another process (scaled mode) carries its author.
 */
export function author(origin: unknown): Author {
  if (origin && typeof origin === 'object') {
    if (isCascadeOrigin(origin)) return { userId: origin.userId, reason: null };
    if ((origin as ServerEdit).kind === 'server-edit') return { userId: (origin as ServerEdit).userId, reason: (origin as ServerEdit).reason ?? null };
    if (isRelayedOrigin(origin)) return { userId: origin.userId, reason: origin.reason };
    const userId = (origin as { context?: { userId?: unknown } }).context?.userId;
    if (typeof userId === 'string') return { userId, reason: null };
  }
  return { userId: null, reason: null };
}
