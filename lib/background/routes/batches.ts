/** "Found on this page" batches: they run here, not in the page that started them (lib/background/batch/batches.ts). */
import type { createBatches } from '../batch/batches';
import type { createWorkAlarm } from '../work-alarm';
import type { Handle } from './router';

export interface BatchRouteDeps {
  batches: ReturnType<typeof createBatches>;
  work: Pick<ReturnType<typeof createWorkAlarm>, 'keepGoing'>;
}

export function registerBatchRoutes(handle: Handle, { batches, work }: BatchRouteDeps): void {
  handle('batch.peek', (data) => batches.peek(data.requests));

  handle('batch.start', (data) => work.keepGoing(batches.start(data)));

  handle('batch.get', ({ tabId }) => batches.get(tabId));

  handle('batch.cancel', ({ batchId }) => batches.cancel(batchId));
}
