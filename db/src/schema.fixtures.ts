import type { DataSource } from 'typeorm';
import { expect } from 'vitest';
import { createProject, createTeam, createUser } from '../test/factories.js';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from './errors.js';

/** Helpers of the schema suites (schema.int.test.ts, constraints.int.test.ts). */

type Violation = 'unique' | 'foreign-key' | 'check';
const violationCheck = { unique: isUniqueViolation, 'foreign-key': isForeignKeyViolation, check: isCheckViolation };

/** Awaits `work` and asserts it failed with the SQLSTATE of `kind`. */
export async function expectViolation(kind: Violation, work: Promise<unknown>): Promise<void> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a ${kind} violation, but the statement succeeded`).toBeDefined();
  const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
  expect(violationCheck[kind](err), `expected a ${kind} violation, got SQLSTATE ${code}: ${String(err)}`).toBe(true);
}

/** A user, their team and one project, fresh for each test that needs them. */
export async function workspaceIn(ds: DataSource) {
  const owner = await createUser(ds);
  const team = await createTeam(ds, owner);
  const project = await createProject(ds, team);
  return { owner, team, project };
}
