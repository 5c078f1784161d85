/** Watch (lib/background/watch/): lists asked again once a period, and what changed between answers. */

import type { createWatch } from '../watch/watch';
import type { createWatchAlarm } from '../watch/watch-alarm';
import type { createWorkAlarm } from '../work-alarm';
import type { Handle } from './router';

export interface WatchRouteDeps {
  watch: ReturnType<typeof createWatch>;
  work: Pick<ReturnType<typeof createWorkAlarm>, 'keepGoing'>;
  dueAlarm: Pick<ReturnType<typeof createWatchAlarm>, 'keep'>;
}

export function registerWatchRoutes(handle: Handle, { watch, work, dueAlarm }: WatchRouteDeps): void {
  handle('watch.quote', (data) => watch.quote(data));

  handle('watch.create', async (data) => {
    const result = await work.keepGoing(watch.create(data));
    await dueAlarm.keep();
    return result;
  });

  handle('watch.add', ({ listId, targets }) => watch.add(listId, targets));

  handle('watch.lists', () => watch.lists());

  handle('watch.list', ({ id }) => watch.list(id));

  handle('watch.of', ({ url }) => watch.of(url));

  handle('watch.control', ({ id, control }) => work.keepGoing(watch.control(id, control)));

  handle('watch.remove', ({ id, key }) => watch.remove(id, key));

  handle('watch.delete', async ({ id }) => {
    await watch.delete(id);
    await dueAlarm.keep();
    return { ok: true };
  });

  handle('watch.changes', ({ listId }) => watch.changes(listId));

  handle('watch.seen', ({ ids }) => watch.seen(ids));
}
