/** Lists (entrypoints/lists): journaled jobs that run here without the page (lib/background/lists/lists.ts). */
import type { createLists } from '../lists/lists';
import type { createWorkAlarm } from '../work-alarm';
import type { Handle } from './router';

export interface ListRouteDeps {
  lists: ReturnType<typeof createLists>;
  work: Pick<ReturnType<typeof createWorkAlarm>, 'keepGoing'>;
}

export function registerListRoutes(handle: Handle, { lists, work }: ListRouteDeps): void {
  handle('list.quote', (data) => lists.quote(data.requests));

  handle('list.start', (data) => work.keepGoing(lists.start(data)));

  handle('list.state', ({ id, since }) => lists.state(id, since));

  handle('list.input', ({ id }) => lists.input(id));

  handle('list.all', () => lists.all());

  handle('list.control', ({ id, control }) => work.keepGoing(lists.control(id, control)));

  handle('list.retry', (data) => work.keepGoing(lists.retry(data)));

  handle('list.delete', async ({ id }) => {
    await lists.remove(id);
    return { ok: true };
  });
}
