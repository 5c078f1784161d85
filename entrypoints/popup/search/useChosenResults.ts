/**
 * The search results a person chose to watch (each row's checkbox), by profile address: only a
 * person's or a company's profile can be chosen.
 */
import { useState } from 'preact/hooks';
import type { WatchTarget } from '@/lib/protocol';
import { watchTargetOf } from '@/lib/watch/watch-targets';
import { type SearchResult, searchRowText } from './SearchResultRow';
import type { SearchEndpointId } from './search-groups';

export function useChosenResults(endpointId: SearchEndpointId) {
  const [chosen, setChosen] = useState<ReadonlyMap<string, WatchTarget>>(new Map());
  /** A row's choice, or undefined when it names no profile that can be watched. */
  const choiceOf = (result: SearchResult) => {
    const row = searchRowText(endpointId, result);
    const target = watchTargetOf(row.url, row.name);
    if (!target) return undefined;
    return {
      chosen: chosen.has(target.url),
      onChoose: (on: boolean) =>
        setChosen((before) => {
          const after = new Map(before);
          if (on) after.set(target.url, target);
          else after.delete(target.url);
          return after;
        }),
    };
  };
  return { chosen: [...chosen.values()], choiceOf };
}
