/**
 * One profile in the panel, on the one hook for quoted actions (hooks/useQuotedAction.ts): the
 * person's choices (freshness, include options, an accepted maximum age after a 409) make the
 * params, and the quote follows them, since the hook asks its view's one question again whenever
 * the params change. It shows the hook's last answer (the hook alone holds it) while a new choice
 * is quoted: a cached answer does not flicker away when the freshness changes (the cache key leaves
 * freshness out, so the same answer comes back), and an answer asked with fewer options stays until
 * the person asks with the new ones. The panel mounts it once per profile (keyed), so a new page
 * starts afresh and a late answer for a page the tab has left is dropped (by the hook).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type Answered,
  type Ask,
  type QuotedAction,
  type TakeFirstView,
  useQuotedAction,
} from '@/hooks/useQuotedAction';
import type { ResponseOf } from '@/lib/api/endpoints';
import type { Freshness } from '@/lib/freshness';
import { includedOf, paramsFor } from '@/lib/profile-params';
import type { SpendTotals } from '@/lib/protocol';
import type { EnrichEndpointId } from './enrichment';

/** A v3 409 names the age of the copy it declined; accepting it allows a little more. */
const ACCEPT_OLDER_MARGIN_SECONDS = 60 * 60;

export interface EnrichmentOptions<Id extends EnrichEndpointId> {
  ask: Ask;
  newRequestId: () => string;
  endpointId: Id;
  /** The profile's identifier params (`{profile_url}`, `{url}`, `{codehost}`); null: ask nothing yet. */
  base: Readonly<Record<string, string>> | null;
  /** The person's default (settings.profileFreshness); each profile may choose otherwise. */
  defaultFreshness: Freshness;
  /** Run (cache first, within budget) when nothing is cached: auto-enrich. */
  autoRun: boolean;
  /** Today's totals after a request that may have spent credits, so the footer can follow. */
  onSpent: (totals: SpendTotals | null) => void;
  /** The first view when the panel already holds it (hooks/useQuotedAction.ts `takeFirstView`). */
  takeFirstView?: TakeFirstView;
}

export interface ShownProfile<Data> {
  answer: Answered<Data>;
  /** The include options it was asked with. */
  requested: readonly string[];
}

export interface Enrichment<Data> extends QuotedAction<Data> {
  /** What is on screen: the answer to the current choices, or the last one until it is replaced. */
  shown: ShownProfile<Data> | null;
  /** The answer shown was asked with other options than those chosen now. */
  shownForOtherOptions: boolean;
  /** "Refresh" when the answer to these very choices is shown, "Enrich" otherwise. */
  verb: 'Enrich' | 'Refresh';
  freshness: Freshness;
  setFreshness: (freshness: Freshness) => void;
  included: readonly string[];
  toggle: (option: string, on: boolean) => void;
  /** v3 after a 409: accept a copy this old (seconds) and ask again at once. */
  acceptOlder: (ageSeconds: number) => void;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export function useEnrichment<Id extends EnrichEndpointId>(
  options: EnrichmentOptions<Id>,
): Enrichment<ResponseOf<Id>> {
  const { endpointId, base } = options;
  const [freshness, setFreshnessState] = useState<Freshness>(options.defaultFreshness);
  const [included, setIncluded] = useState<readonly string[]>([]);
  const [maxAgeSeconds, setMaxAgeSeconds] = useState<number | null>(null);
  const params = base === null ? null : paramsFor(endpointId, base, { freshness, included, maxAgeSeconds });
  const action = useQuotedAction({
    ask: options.ask,
    newRequestId: options.newRequestId,
    endpointId,
    params,
    autoRun: options.autoRun,
    onSpent: options.onSpent,
    takeFirstView: options.takeFirstView,
  });
  const last = action.lastAnswer;
  const shown = last && { answer: last.answer, requested: includedOf(last.params) };
  /** Ask as soon as the view has reopened with the new params (accepting older data). */
  const runWhenOpen = useRef(false);

  useEffect(() => {
    if (!runWhenOpen.current) return;
    if (action.quote.status === 'ready' && action.action.status === 'idle') {
      runWhenOpen.current = false;
      action.run();
    } else if (action.quote.status === 'failed') {
      runWhenOpen.current = false;
    }
  }, [action.quote, action.action]);

  return {
    ...action,
    shown,
    shownForOtherOptions: action.answer === null && shown !== null && !sameSet(shown.requested, included),
    verb: action.answer ? 'Refresh' : 'Enrich',
    freshness,
    setFreshness(next) {
      setMaxAgeSeconds(null);
      setFreshnessState(next);
    },
    included,
    toggle(option, on) {
      setIncluded((current) =>
        on
          ? current.includes(option)
            ? current
            : [...current, option]
          : current.filter((name) => name !== option),
      );
    },
    acceptOlder(ageSeconds) {
      const accepted = Math.ceil(ageSeconds) + ACCEPT_OLDER_MARGIN_SECONDS;
      if (accepted === maxAgeSeconds) {
        action.run();
        return;
      }
      runWhenOpen.current = true;
      setMaxAgeSeconds(accepted);
    },
  };
}
