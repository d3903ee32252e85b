import { ALLOCATION_MAX, ALLOCATION_MIN } from '../schemas/task.js';
import { sheetCellText, type SheetCell } from './sheet-cells.js';

export interface SheetAssignee {
  /** The person as written, without the share: the resource's key. */
  key: string;
  name: string;
  email: string | null;
  allocation: number;
}

const EMAIL = /^[^\s@<>()[\],;]+@[^\s@<>()[\],;]+\.[^\s@<>()[\],;]+$/;

/**
 * [sheet-assignees] One or more people separated by ',' or ';': e-mails, names, 'Ana <ana@x.com>', each with an
 * optional share ('ana@x.com (50%)', MS Project's 'Ana[50%]'); 100% when none is given. A share outside
 * 1..200% is brought inside with a warning.
 */
export function readAssignees(cell: SheetCell): { assignees: SheetAssignee[]; warnings: string[] } {
  const assignees: SheetAssignee[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const item of sheetCellText(cell).split(/[,;\n]/).map((s) => s.trim()).filter(Boolean)) {
    let person = item;
    let allocation = 100;
    const share = /^(.*?)\s*[([]\s*(\d+(?:[.,]\d+)?)\s*%\s*[)\]]$/.exec(item);
    if (share) {
      person = share[1]!.trim();
      allocation = Math.round(Number(share[2]!.replace(',', '.')));
      if (allocation < ALLOCATION_MIN || allocation > ALLOCATION_MAX) {
        const kept = Math.min(ALLOCATION_MAX, Math.max(ALLOCATION_MIN, allocation));
        warnings.push(`${person}'s share ${share[2]}% is outside ${ALLOCATION_MIN}-${ALLOCATION_MAX}%: read as ${kept}%.`);
        allocation = kept;
      }
    }
    if (person === '') continue;
    const named = /^(.*?)\s*<([^>]+)>$/.exec(person);
    let name = person;
    let email: string | null = null;
    if (named && EMAIL.test(named[2]!.trim())) {
      name = named[1]!.trim().replace(/^"|"$/g, '') || named[2]!.trim();
      email = named[2]!.trim().toLowerCase();
    } else if (EMAIL.test(person)) {
      email = person.toLowerCase();
    }
    const key = email ?? person;
    if (seen.has(key.toLowerCase())) continue;
    seen.add(key.toLowerCase());
    assignees.push({ key, name, email, allocation });
  }
  return { assignees, warnings };
}
