import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { OVERLOADS_BUDGET, OVERLOADS_BUSY_MESSAGE, OverloadsBudget } from './overloads-budget.js';

/**
 * A budget on a clock the test moves. `compute` begins a computation and ends it: on the clock, taking `ms`
 * (`measured`), or charged `ms` while the clock stands still (the others: the figures are then the charges alone).
 */
function fakeBudget(limits = OVERLOADS_BUDGET, measured = false) {
  let now = 0;
  let costMs = 0;
  const budget = new OverloadsBudget(limits, { now: () => now, ...(measured ? {} : { cost: () => costMs }) });
  return {
    budget,
    wait: (ms: number) => (now += ms),
    /** What the computations ended from now on cost (when not measured). */
    costs: (ms: number) => (costMs = ms),
    compute(userId: string, teamId: string, ms: number) {
      const end = budget.begin(userId, teamId);
      if (measured) now += ms;
      else costMs = ms;
      end();
    },
  };
}

/** The refusal `fn` throws, or null when it is served. */
function refusal(fn: () => void): AppError | null {
  try {
    fn();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe('[workload-overloads-cache] the over-allocation budget charges what a computation costs', () => {
  it('cheap computations many times in a row, with no time between them, are never refused', () => {
    const { compute } = fakeBudget(OVERLOADS_BUDGET, true);
    // A team of small projects: 2,000 computations of 4 ms back to back, each charged the time it took.
    for (let i = 0; i < 2_000; i++) expect(refusal(() => compute('ana', 'foundry', 4)), `computation ${i + 1}`).toBeNull();
  });

  it('what is charged is the time the computation took on the budget’s clock', () => {
    // A refill slow enough to leave out: 10.5 s of computation puts a 10 s burst 0.5 s in debt.
    const { compute, budget } = fakeBudget({ ...OVERLOADS_BUDGET, personMsPerSecond: 1 }, true);
    compute('ana', 'foundry', 9_000);
    expect(refusal(() => compute('ana', 'foundry', 1_500))).toBeNull();
    expect(refusal(() => budget.begin('ana', 'foundry'))?.message).toBe(OVERLOADS_BUSY_MESSAGE);
  });

  it('an expensive computation refuses the next one until its debt is paid back, and says when', () => {
    const { compute, wait, budget } = fakeBudget();
    // 2.5 s each: the 10 s burst is spent by the 4th; the 5th starts at 0 (not in debt) and goes 2.5 s under.
    for (let i = 0; i < 5; i++) expect(refusal(() => compute('ana', 'foundry', 2_500))).toBeNull();
    const refused = refusal(() => budget.begin('ana', 'foundry'));
    expect(refused).toMatchObject({ code: 'too_many_requests', message: OVERLOADS_BUSY_MESSAGE });
    // 2.5 s of debt refilled at 10 s a minute: 15 s.
    expect(refused?.extra.retryAfterSeconds).toBe(15);
    wait(12_000);
    expect(refusal(() => budget.begin('ana', 'foundry'))?.extra.retryAfterSeconds).toBe(3);
    wait(3_100);
    expect(refusal(() => compute('ana', 'foundry', 2_500))).toBeNull();
    // Paid back and spent again: in debt again, by about as much.
    expect(refusal(() => budget.begin('ana', 'foundry'))?.extra.retryAfterSeconds).toBe(15);
  });

  it('one computation longer than the whole burst puts the person in debt for as long as it takes to refill', () => {
    const { compute, wait, budget } = fakeBudget();
    compute('ana', 'foundry', 25_100);
    // 15.1 s of debt at 10 s a minute: 90.6 s; the person's debt, not the team's (30 s burst, 4.9 s left).
    expect(refusal(() => budget.begin('ana', 'foundry'))?.extra.retryAfterSeconds).toBe(91);
    expect(refusal(() => compute('ben', 'foundry', 10))).toBeNull();
    wait(90_000);
    expect(refusal(() => budget.begin('ana', 'foundry'))).not.toBeNull();
    wait(1_000);
    expect(refusal(() => compute('ana', 'foundry', 10))).toBeNull();
  });

  it('the team’s budget is its members’ together: spent by some, it refuses the others', () => {
    const { compute, wait, budget } = fakeBudget();
    // Four people at 8.1 s each: 32.4 s, 2.4 s past the team's 30 s burst, each person within their own 10 s.
    for (const who of ['ana', 'ben', 'cy', 'dee']) expect(refusal(() => compute(who, 'foundry', 8_100))).toBeNull();
    const refused = refusal(() => budget.begin('eve', 'foundry'));
    expect(refused?.message).toBe(OVERLOADS_BUSY_MESSAGE);
    // 2.4 s of the team's debt at 20 s a minute: 7.2 s.
    expect(refused?.extra.retryAfterSeconds).toBe(8);
    // Another team is not concerned.
    expect(refusal(() => compute('eve', 'kiln', 8_100))).toBeNull();
    wait(8_000);
    expect(refusal(() => compute('eve', 'foundry', 10))).toBeNull();
  });

  it('a refused read spends nothing: a person in debt does not spend the team’s budget by asking again', () => {
    const { compute, budget } = fakeBudget();
    compute('ana', 'foundry', 10_100);
    for (let i = 0; i < 50; i++) expect(refusal(() => budget.begin('ana', 'foundry'))).not.toBeNull();
    // The team's 30 s less Ana's 10.1 s: two of 9.9 s leave 0.1 s, and the next begins.
    compute('ben', 'foundry', 9_900);
    compute('cy', 'foundry', 9_900);
    expect(refusal(() => budget.begin('dee', 'foundry'))).toBeNull();
  });

  it('parallel starts reserve the team’s last cost: they cannot all pass on a full balance', () => {
    const { compute, costs, budget } = fakeBudget();
    compute('ana', 'foundry', 3_000);
    // Reads of new ranges at once: each reserves 3 s while it runs, so of the 7 s left of Ana's burst three start
    // (7, 4, 1 s before them) and the fourth, at -2 s, is refused.
    const ends = [0, 1, 2].map(() => budget.begin('ana', 'foundry'));
    expect(refusal(() => budget.begin('ana', 'foundry'))).not.toBeNull();
    // They cost nothing in the end: what was reserved is given back.
    costs(0);
    for (const end of ends) end();
    expect(refusal(() => budget.begin('ana', 'foundry'))).toBeNull();
  });

  it('before any computation of a team is measured, a first estimate is reserved, then settled to what it cost', () => {
    const { budget, costs } = fakeBudget({ ...OVERLOADS_BUDGET, personBurstMs: 2_500 });
    // 1 s each out of 2.5 s: three start (2.5, 1.5, 0.5 s before them), the fourth is refused.
    const ends = [0, 1, 2].map(() => budget.begin('ana', 'foundry'));
    expect(refusal(() => budget.begin('ana', 'foundry'))).not.toBeNull();
    costs(5);
    for (const end of ends) end();
    expect(refusal(() => budget.begin('ana', 'foundry'))).toBeNull();
  });

  it('ending a computation twice charges it once', () => {
    const { budget, costs } = fakeBudget();
    const end = budget.begin('ana', 'foundry');
    costs(9_000);
    end();
    end();
    expect(refusal(() => budget.begin('ana', 'foundry'))).toBeNull();
  });
});
