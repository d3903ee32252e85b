/** Someone a task can be assigned to: a member of the project's team or a guest of the project. */
export interface PromptMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export type MemberMatch = { kind: 'found'; member: PromptMember } | { kind: 'ambiguous' } | { kind: 'none' };

/** Case- and accent-insensitive form of a name: 'José' and 'jose' compare equal. */
export function foldName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function memberFullName(member: Pick<PromptMember, 'firstName' | 'lastName'>): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

function unique(found: PromptMember[]): MemberMatch {
  const ids = new Set(found.map((m) => m.id));
  if (ids.size === 1) return { kind: 'found', member: found[0]! };
  return ids.size > 1 ? { kind: 'ambiguous' } : { kind: 'none' };
}

/**
 * [ai-assignee] The member a written name points at: by e-mail, by full name, by first name, or (for '@handles')
 * by the e-mail's local part or first.last. A first name shared by two members is ambiguous: nobody is picked
 * rather than the wrong person.
 */
export function matchMember(written: string, members: readonly PromptMember[]): MemberMatch {
  const name = foldName(written.replace(/^@/, ''));
  if (!name) return { kind: 'none' };
  if (name.includes('@')) return unique(members.filter((m) => foldName(m.email) === name));
  const full = unique(members.filter((m) => foldName(memberFullName(m)) === name));
  if (full.kind !== 'none') return full;
  const first = unique(members.filter((m) => foldName(m.firstName) === name));
  if (first.kind !== 'none') return first;
  const handle = name.replace(/\s+/g, '');
  return unique(
    members.filter((m) => {
      const first = foldName(m.firstName).replace(/\s+/g, '');
      const last = foldName(m.lastName).replace(/\s+/g, '');
      const local = foldName(m.email.split('@')[0] ?? '');
      return handle === local || handle === `${first}.${last}` || handle === `${first}${last}` || handle === `${first}_${last}`;
    }),
  );
}
