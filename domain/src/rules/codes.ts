import { PROJECT_CODE_MAX_LENGTH, TEAM_CODE_LENGTH } from '../constants.js';

/** Upper-case letters and digits without look-alikes (0/O, 1/I/L), so a code read aloud or typed is unambiguous. */
export const TEAM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `randomIndex(n)` returns an integer in [0, n): crypto.randomInt in the API, a seeded stub in tests. */
export type RandomIndex = (n: number) => number;

/** [team-code] 8 characters from the unambiguous alphabet. */
export function generateTeamCode(randomIndex: RandomIndex): string {
  let code = '';
  for (let i = 0; i < TEAM_CODE_LENGTH; i++) code += TEAM_CODE_ALPHABET[randomIndex(TEAM_CODE_ALPHABET.length)];
  return code;
}

/** What a person types into the Join a Team box, as the server compares it: trimmed, upper-case, at most 8. */
export function normaliseTeamCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase().slice(0, TEAM_CODE_LENGTH);
}

/**
 * [project-code] Like ABC-1234: up to three initials of the project name (letters and digits only; 'PRJ' when
 * there are none) and four digits. Uniqueness is the database's job; callers retry on a clash.
 */
export function generateProjectCode(projectName: string, randomIndex: RandomIndex): string {
  const words = projectName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents: 'Façade' gives F, not F and a split word
    .replace(/[^A-Za-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let prefix = words.length >= 2 ? words.slice(0, 3).map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 3);
  prefix = prefix.toUpperCase();
  if (prefix.length < 2) prefix = 'PRJ';
  let digits = '';
  for (let i = 0; i < 4; i++) digits += String(randomIndex(10));
  return `${prefix}-${digits}`.slice(0, PROJECT_CODE_MAX_LENGTH);
}
