import { describe, expect, it } from 'vitest';
import { createCallLane } from '../../../../../lib/background/calls/lane';

describe('createCallLane', () => {
  it('runs steps one at a time, in the order they were queued, past a step that failed', async () => {
    const lane = createCallLane();
    const order: string[] = [];
    let release!: () => void;
    const first = lane.inTurn(
      () =>
        new Promise<void>((resolve) => {
          order.push('first starts');
          release = () => {
            order.push('first ends');
            resolve();
          };
        }),
    );
    const failing = lane.inTurn(async () => {
      order.push('second');
      throw new Error('refused');
    });
    const third = lane.inTurn(async () => {
      order.push('third');
      return 3;
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    release();
    await first;
    await expect(failing).rejects.toThrow('refused');
    expect(await third).toBe(3);
    expect(order).toEqual(['first starts', 'first ends', 'second', 'third']);
  });

  it('counts the calls that left and have not ended', () => {
    const lane = createCallLane();
    lane.left('a');
    lane.left('b');
    expect(lane.inFlight()).toBe(2);
    expect(lane.isCalling('a')).toBe(true);
    lane.ended('a');
    expect(lane.inFlight()).toBe(1);
    expect(lane.isCalling('a')).toBe(false);
    expect(lane.isCalling('b')).toBe(true);
  });
});
