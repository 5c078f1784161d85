/**
 * What is known of the search results shown before any is opened, by profile address: which the
 * person's CRM reference holds (`crm.match`, hooks/useInCrm.ts) and, in team mode, which the team's
 * CRM reference holds and which the team's hub has fresh enough (opening it then costs nothing),
 * told by one `batch.peek` of each result's profile request at the person's freshness (the side
 * panel asks the same). With the person's own key the peek tells nothing of a team, and nothing
 * more is shown.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useInCrm } from '@/hooks/useInCrm';
import { PARAM_FIELDS } from '@/lib/api/fields';
import type { Ask } from '@/lib/ask-background';
import { type Freshness, freshnessParams } from '@/lib/freshness';
import { parseProfileUrl } from '@/lib/profile-urls';
import { enrichRequestOf } from '@/lib/profiles';
import type { PeekRequest, PeekRow } from '@/lib/protocol';
import type { QuoteBounds } from '@/lib/quote-format';

export interface ResultMark {
  /** The person's CRM reference holds it. */
  inCrm: boolean;
  /** Team mode: the team's CRM reference holds it. */
  inTeamCrm: boolean;
  /** Team mode: the team's hub has its profile fresh enough: opening it costs 0, at this age. */
  teamHas: QuoteBounds['teamHas'] | null;
}

export function useResultsMarks(
  ask: Ask,
  urls: readonly string[],
  freshness: Freshness,
): ReadonlyMap<string, ResultMark> {
  // The urls are a new array on every render: they are asked about again only when they change.
  const key = urls.join('\n');
  const identities = useMemo(() => urls.map((url) => ({ profileUrl: url })), [key]);
  const own = useInCrm(ask, identities);
  const team = useTeamPeek(ask, urls, key, freshness);
  return useMemo(() => {
    const marks = new Map<string, ResultMark>();
    urls.forEach((url, index) => {
      const peeked = team.get(url);
      marks.set(url, {
        inCrm: Boolean(own?.matches[index]),
        inTeamCrm: Boolean(peeked?.ok && peeked.teamCrm),
        teamHas: (peeked?.ok && !peeked.cached && peeked.quote.teamHas) || null,
      });
    });
    return marks;
  }, [key, own, team]);
}

/** Each result's profile request peeked at once (`batch.peek`, free), by address. */
function useTeamPeek(
  ask: Ask,
  urls: readonly string[],
  key: string,
  freshness: Freshness,
): ReadonlyMap<string, PeekRow> {
  const [peeked, setPeeked] = useState<ReadonlyMap<string, PeekRow>>(new Map());
  useEffect(() => {
    let current = true;
    setPeeked(new Map());
    const asked = urls.flatMap((url) => {
      const profile = parseProfileUrl(url);
      const enrich = profile && enrichRequestOf(profile);
      if (!enrich) return [];
      const request: PeekRequest = {
        endpointId: enrich.endpointId,
        params: { ...enrich.params, ...freshnessParams(PARAM_FIELDS[enrich.endpointId], freshness) },
        identity: { profileUrl: url },
      };
      return [{ url, request }];
    });
    if (asked.length === 0) return;
    ask('batch.peek', { requests: asked.map((each) => each.request) }).then(
      ({ rows }) => current && setPeeked(new Map(asked.map((each, index) => [each.url, rows[index]!]))),
      (failure) => console.warn('Could not ask what the team has of these results', failure),
    );
    return () => {
      current = false;
    };
  }, [ask, key, freshness]);
  return peeked;
}
