/**
 * Where a watch list's runs stand, in words: `Next run Dec 27, 09:15`, `Running: 12 of 40 checked`,
 * `Paused`, and what this period spent.
 */
import { formatMoment } from '@/components/format';
import type { WatchListSummary } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';

export function watchStatusWords(list: WatchListSummary): string {
  const members = list.people + list.companies;
  switch (list.status) {
    case 'idle':
      return list.nextRunAt === null ? 'No run due' : `Next run ${formatMoment(list.nextRunAt)}`;
    case 'running':
      return `Running: ${list.checkedThisPeriod} of ${members} checked`;
    case 'settling':
      return 'Settling the answers lost when the browser stopped';
    case 'waiting':
      return `Waiting: ${list.checkedThisPeriod} of ${members} checked`;
    case 'paused':
      return 'Paused';
  }
}

/** `Spent this period: 14 credits · last run Nov 27, 09:15`. */
export function periodSpendWords(list: WatchListSummary): string {
  const last = list.lastRunAt === null ? 'not run yet' : `last run ${formatMoment(list.lastRunAt)}`;
  return `Spent this period: ${creditCount(list.spentThisPeriod)} · ${last}`;
}
