// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupedWrites } from '../../../../lib/background/grouped-writes';

/** A store whose writes wait for `finish()`, recording each group it was given. */
function slowStore() {
  const groups: Array<[string, number[]]> = [];
  let finish: () => void = () => {};
  const write = groupedWrites<number, number>(async (key, entries) => {
    groups.push([key, entries]);
    if (entries.includes(-1)) throw new Error('refused');
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
    return entries.map((entry) => entry * 10);
  });
  return { groups, write, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('grouped writes', () => {
  it('writes the first at once and those that arrive meanwhile together, each caller given its own result', async () => {
    const store = slowStore();
    const first = store.write('job', 1);
    await tick();
    const later = [store.write('job', 2), store.write('job', 3), store.write('job', 4)];
    expect(store.groups).toEqual([['job', [1]]]);
    store.finish();
    expect(await first).toBe(10);
    await tick();
    expect(store.groups).toEqual([
      ['job', [1]],
      ['job', [2, 3, 4]],
    ]);
    store.finish();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("keeps each job's writes apart, and a refused group fails only its own callers", async () => {
    const store = slowStore();
    const refused = store.write('a', -1);
    const other = store.write('b', 5);
    await expect(refused).rejects.toThrow('refused');
    await tick();
    store.finish();
    expect(await other).toBe(50);
    expect(store.groups).toEqual([
      ['a', [-1]],
      ['b', [5]],
    ]);
    // The key is free again after a refusal: the next write goes.
    const again = store.write('a', 6);
    await tick();
    store.finish();
    expect(await again).toBe(60);
  });
});
