/**
 * The answer of one of the popup's lookups, drawn as the side panel draws the same things: the
 * matched person or company (components/profile/EmailLookupCard.tsx), or the logo matches
 * (components/results/ResultRows.tsx). A lookup that found nothing says so; what it cost is
 * said beside it (AnswerLine).
 */

import type { VNode } from 'preact';
import {
  companyMatchOf,
  EmailLookupCard,
  type LookupMatch,
  LookupMatchView,
  personMatchOf,
} from '@/components/profile/EmailLookupCard';
import { formatNumber } from '@/components/profile/profile-format';
import { LogoRow } from '@/components/results/ResultRows';
import type { ResponseOf } from '@/lib/api/endpoints';

export type LookupEndpointId =
  | 'person.lookup'
  | 'company.lookup'
  | 'role.lookup'
  | 'email.lookup'
  | 'company.logo';

export interface LookupAnswerProps<Id extends LookupEndpointId> {
  endpointId: Id;
  /** The params the answer is for (the email lookup shows its address). */
  params: Readonly<Record<string, unknown>>;
  /** The answer to `endpointId`, as the background validated it. */
  data: ResponseOf<Id>;
  /** Opens a matched profile's page with the side panel beside it. */
  onShowInPanel?: (url: string) => void;
}

type Shown<Id extends LookupEndpointId> = (
  data: ResponseOf<Id>,
  props: Pick<LookupAnswerProps<Id>, 'params' | 'onShowInPanel'>,
) => VNode;

/** How each lookup's answer is drawn. */
const ANSWERS: { [Id in LookupEndpointId]: Shown<Id> } = {
  'company.logo': (matches) => (
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
  ),
  'email.lookup': (data, { params, onShowInPanel }) => (
    <div class="lookup-answer" role="status">
      <EmailLookupCard email={String(params.email ?? '')} data={data} />
      <ShowInPanel url={personMatchOf(data)?.url} onShowInPanel={onShowInPanel} />
    </div>
  ),
  'person.lookup': (data, { onShowInPanel }) => (
    <MatchAnswer
      match={personMatchOf(data)}
      notFound="No person matched these details."
      onShowInPanel={onShowInPanel}
    />
  ),
  'role.lookup': (data, { onShowInPanel }) => (
    <MatchAnswer
      match={personMatchOf(data)}
      notFound="Nobody was found in this role at this company."
      onShowInPanel={onShowInPanel}
    />
  ),
  'company.lookup': (data, { onShowInPanel }) => (
    <MatchAnswer
      match={companyMatchOf(data)}
      notFound="No company matched these details."
      onShowInPanel={onShowInPanel}
    />
  ),
};

export function LookupAnswer<Id extends LookupEndpointId>({
  endpointId,
  data,
  ...props
}: LookupAnswerProps<Id>) {
  return ANSWERS[endpointId](data, props);
}

/** A person, role or company lookup: the matched profile, or that nothing matched. */
function MatchAnswer({
  match,
  notFound,
  onShowInPanel,
}: {
  match: LookupMatch | null;
  notFound: string;
  onShowInPanel?: (url: string) => void;
}) {
  return (
    <div class="lookup-answer" role="status">
      {match ? (
        <>
          <LookupMatchView match={match} />
          <ShowInPanel url={match.url} onShowInPanel={onShowInPanel} />
        </>
      ) : (
        <p class="empty">{notFound}</p>
      )}
    </div>
  );
}

function ShowInPanel({ url, onShowInPanel }: { url?: string | null; onShowInPanel?: (url: string) => void }) {
  if (!url || !onShowInPanel) return null;
  return (
    <button type="button" class="small" onClick={() => onShowInPanel(url)}>
      Show in side panel
    </button>
  );
}
