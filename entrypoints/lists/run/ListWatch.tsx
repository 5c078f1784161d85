/**
 * "Watch these" under a finished list: offered once a list has stopped running with some rows
 * answered; its form (./WatchRows.tsx) loads then, since most lists are never watched.
 */
import { lazyView } from '@/components/lazy-view';
import { Busy } from '@/components/Notice';
import { isRunning } from './useList';
import type { ListWatchProps } from './WatchRows';

const LazyWatchRows = lazyView<ListWatchProps>(
  'Watch these',
  () => import('./WatchRows').then((module) => module.WatchRows),
  <Busy>Opening the Watch form…</Busy>,
);

export function ListWatch(props: ListWatchProps) {
  const { summary } = props;
  return !isRunning(summary) && summary.counts.done > 0 ? <LazyWatchRows {...props} /> : null;
}
