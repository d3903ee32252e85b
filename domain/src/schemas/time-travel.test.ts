import { describe, expect, it } from 'vitest';
import { MOVE_REASON_MAX_CHARS, moveReason, restoreResultSchema } from './time-travel.js';

describe('[time-travel-moves] a move\'s reason', () => {
  it('is the history reason trimmed, null when blank, and cut to one line of at most MOVE_REASON_MAX_CHARS with an ellipsis', () => {
    expect(moveReason('  Survey was late ')).toBe('Survey was late');
    expect(moveReason('   ')).toBeNull();
    expect(moveReason(null)).toBeNull();
    const exact = 'x'.repeat(MOVE_REASON_MAX_CHARS);
    expect(moveReason(exact)).toBe(exact);
    const cut = moveReason(`${'word '.repeat(100)}end`)!;
    expect(cut).toHaveLength(MOVE_REASON_MAX_CHARS);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('[restore] the restore answer carries the instant to undo to', () => {
    expect(restoreResultSchema.safeParse({ undoAt: '2026-11-27T08:41:00.123Z' }).success).toBe(true);
    expect(restoreResultSchema.safeParse({}).success).toBe(false);
  });
});
