/**
 * Watch a finished list's people and companies: every row that names a profile, or only the ones
 * found, each by the profile address its answer gives (or the row's own). The Watch form is the one
 * the panel and the popup use (components/watch/WatchForm.tsx). Loaded when a finished list is
 * shown (./ListWatch.tsx).
 */
import { useId, useMemo, useState } from 'preact/hooks';
import { WatchForm } from '@/components/watch/WatchForm';
import { useWatchForm } from '@/hooks/useWatchForm';
import type { ListInput, ListRequestView, ListSummary, WatchTarget } from '@/lib/protocol';
import { watchTargets } from '@/lib/watch/watch-targets';
import type { ListsBackend } from '../backend';

export type WatchWhich = 'all' | 'found';

/** A row's profile address: its answer's, or the one the row itself gives (a profile or company column). */
function rowProfile(input: ListInput, index: number, request: ListRequestView | undefined) {
  const column = input.mapping.findIndex((role) => role === 'profile_url' || role === 'company_url');
  const own = column >= 0 ? input.rows[index]?.[column] : undefined;
  return { url: request?.enriched?.profileUrl ?? own, name: request?.enriched?.fullName ?? null };
}

function found(request: ListRequestView | undefined): boolean {
  return request?.status === 'done' && !request.noMatch && request.enriched !== null;
}

/** The targets of a list's rows: all that name a profile, or only the ones found. */
export function listWatchTargets(
  input: ListInput,
  requests: ReadonlyMap<string, ListRequestView>,
  which: WatchWhich,
): WatchTarget[] {
  return watchTargets(
    input.targets.flatMap((target, index) => {
      const request = 'key' in target ? requests.get(target.key) : undefined;
      if (which === 'found' && !found(request)) return [];
      return [rowProfile(input, index, request)];
    }),
  );
}

export interface ListWatchProps {
  backend: ListsBackend;
  summary: ListSummary;
  input: ListInput;
  requests: ReadonlyMap<string, ListRequestView>;
  /** Changes whenever `requests` did. */
  version: number;
}

export function WatchRows({ backend, summary, input, requests, version }: ListWatchProps) {
  const [which, setWhich] = useState<WatchWhich>('found');
  const name = useId();
  const targets = useMemo(
    () => ({
      all: listWatchTargets(input, requests, 'all'),
      found: listWatchTargets(input, requests, 'found'),
    }),
    [input, requests, version],
  );
  const form = useWatchForm({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    targets: targets[which],
    defaultName: summary.name,
  });
  return (
    <section class="card" aria-labelledby="list-watch-title">
      <header>
        <h2 id="list-watch-title">Watch these</h2>
        <p class="muted">Ask them again on a schedule; what changes shows on the Changes page.</p>
      </header>
      <fieldset class="choices">
        <legend>Whom to watch</legend>
        {(['found', 'all'] as const).map((choice) => (
          <label key={choice} class="choice">
            <input type="radio" name={name} checked={which === choice} onChange={() => setWhich(choice)} />{' '}
            {choice === 'found' ? 'Only the ones found' : 'Every row with a profile address'} (
            {targets[choice].length})
          </label>
        ))}
      </fieldset>
      <WatchForm form={form} onOpenChanges={backend.openChanges} />
    </section>
  );
}
