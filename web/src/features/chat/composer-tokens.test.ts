import { describe, expect, it } from 'vitest';
import { activeTrigger, applyPick, moveActive, picksInText } from './composer-tokens';

describe('chat composer tokens', () => {
  it('finds the @ or # being typed before the caret, not an e-mail address or a closed mention', () => {
    expect(activeTrigger('hi @an', 6)).toEqual({ kind: 'mention', query: 'an', start: 3 });
    expect(activeTrigger('#Paint the', 10)).toEqual({ kind: 'task', query: 'Paint the', start: 0 });
    expect(activeTrigger('mail ada@example.com', 20)).toBeNull();
    expect(activeTrigger('hi @ana and', 11)).toBeNull();
    expect(activeTrigger('#task\nnext', 10)).toBeNull();
    expect(activeTrigger('@', 1)).toEqual({ kind: 'mention', query: '', start: 0 });
  });

  it('puts the pick in place of what was typed, caret after it', () => {
    const trigger = activeTrigger('see #pai now', 8)!;
    expect(applyPick('see #pai now', 8, trigger, { kind: 'task', id: 't1', label: 'Paint the hull' })).toEqual({
      text: 'see #Paint the hull  now',
      caret: 20,
    });
  });

  it('sends only the picks still written in the text', () => {
    const picks = [
      { kind: 'mention' as const, id: 'u1', label: 'AnaLima' },
      { kind: 'mention' as const, id: 'u2', label: 'BoChen' },
      { kind: 'task' as const, id: 't1', label: 'Wireframes' },
    ];
    expect(picksInText('@AnaLima look at #Wireframes', picks)).toEqual({ mentionedUserIds: ['u1'], taskIds: ['t1'] });
    expect(picksInText('nothing left', picks)).toEqual({ mentionedUserIds: [], taskIds: [] });
  });

  it('moves through the options with the arrows, wrapping', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});
