/**
 * The answer of one of the popup's lookups, drawn as the side panel draws the same things: the
 * matched person or company (components/profile/EmailLookupCard.tsx), or the logo matches
 * (components/results/ResultRows.tsx). A lookup that found nothing says so; what it cost is
 * said beside it (AnswerLine).
 */

import {
  EmailLookupCard,
  type LookupAnswerData,
  LookupMatchView,
  lookupMatchOf,
} from '@/components/profile/EmailLookupCard';
import { formatNumber } from '@/components/profile/profile-format';
import { LogoRow } from '@/components/results/ResultRows';
import type { LogoMatch } from '@/lib/api/schemas';

export type LookupEndpointId =
  | 'person.lookup'
  | 'company.lookup'
  | 'role.lookup'
  | 'email.lookup'
  | 'company.logo';

export interface LookupAnswerProps {
  endpointId: LookupEndpointId;
  /** The params the answer is for (the email lookup shows its address). */
  params: Readonly<Record<string, unknown>>;
  data: unknown;
  /** Opens a matched profile's page with the side panel beside it. */
  onShowInPanel?: (url: string) => void;
}

const NOT_FOUND: Record<Exclude<LookupEndpointId, 'email.lookup' | 'company.logo'>, string> = {
  'person.lookup': 'No person matched these details.',
  'role.lookup': 'Nobody was found in this role at this company.',
  'company.lookup': 'No company matched these details.',
};

export function LookupAnswer({ endpointId, params, data, onShowInPanel }: LookupAnswerProps) {
  if (endpointId === 'company.logo') {
    const matches: LogoMatch[] = Array.isArray(data) ? data : [];
    return (
      <div class="paged-results lookup-answer">
        <p role="status">
          {matches.length === 0
            ? 'No logo found.'
            : `${formatNumber(matches.length)} ${matches.length === 1 ? 'match' : 'matches'}`}
        </p>
        {matches.length > 0 && (
          <ol class="results">
            {matches.map((match, index) => (
              <LogoRow key={`${index}:${String(match?.companyName)}`} match={match} />
            ))}
          </ol>
        )}
      </div>
    );
  }
  if (endpointId === 'email.lookup') {
    return (
      <div class="lookup-answer" role="status">
        <EmailLookupCard email={String(params.email ?? '')} data={data as never} />
        <ShowInPanel data={data as LookupAnswerData} onShowInPanel={onShowInPanel} />
      </div>
    );
  }
  const match = lookupMatchOf(data as LookupAnswerData);
  return (
    <div class="lookup-answer" role="status">
      {match ? (
        <>
          <LookupMatchView match={match} kind={endpointId === 'company.lookup' ? 'company' : 'person'} />
          <ShowInPanel data={data as LookupAnswerData} onShowInPanel={onShowInPanel} />
        </>
      ) : (
        <p class="empty">{NOT_FOUND[endpointId]}</p>
      )}
    </div>
  );
}

function ShowInPanel({
  data,
  onShowInPanel,
}: {
  data: LookupAnswerData | null;
  onShowInPanel?: (url: string) => void;
}) {
  const url = lookupMatchOf(data)?.url;
  if (!url || !onShowInPanel) return null;
  return (
    <button type="button" class="small" onClick={() => onShowInPanel(url)}>
      Show in side panel
    </button>
  );
}
