/**
 * One entry: a person's event of one period (lib/watch/events.ts) or a company's change. The person
 * or company (linked to their profile) and what happened in a person's words (`Ada Lovelace:
 * Engineer at Analytical Engines → CTO at Difference Co.`), under its kind as a heading; when it was
 * seen and by which watch list; for an event, an "Uncertain" mark with the reason and its evidence
 * (the positions with their dates as the service gave them, the place and headline texts); for a
 * company's change, before and after. One not seen yet is marked, in words too.
 */
import { formatMoment } from '@/components/format';
import { ExternalLink } from '@/components/profile/parts';
import type { WatchChangeView } from '@/lib/protocol';
import { formatWholeNumber } from '@/lib/quote-format';
import {
  CHANGE_KIND_LABELS,
  changeWords,
  EVENT_KIND_LABELS,
  eventWords,
  positionWords,
  uncertainWords,
} from '@/lib/watch/change-words';
import type { PersonEvent, PositionEvidence } from '@/lib/watch/events';

function partWords(value: string | number | null): string {
  if (value === null) return 'none';
  return typeof value === 'number' ? formatWholeNumber(value) : value;
}

function Positions({ positions }: { positions: readonly PositionEvidence[] }) {
  if (positions.length === 0) return <>none listed</>;
  return (
    <ul class="change-positions">
      {positions.map((position, index) => (
        <li key={index}>{positionWords(position)}</li>
      ))}
    </ul>
  );
}

/** What the event rests on: the positions before and after, and the texts that changed. */
function Evidence({ event }: { event: PersonEvent }) {
  const { before, after, location, headline } = event.evidence;
  const positional = before.length > 0 || after.length > 0;
  if (!positional && !location && !headline) return null;
  return (
    <dl class="change-parts" aria-label="Evidence">
      {positional && (
        <>
          <dt>Positions before</dt>
          <dd>
            <Positions positions={before} />
          </dd>
          <dt>Positions after</dt>
          <dd>
            <Positions positions={after} />
          </dd>
        </>
      )}
      {location && (
        <>
          <dt>Location</dt>
          <dd>
            {location.before} → {location.after}
          </dd>
        </>
      )}
      {headline && (
        <>
          <dt>Headline</dt>
          <dd>
            “{headline.before}” → “{headline.after}”
          </dd>
        </>
      )}
    </dl>
  );
}

export function ChangeItem({ change, showList }: { change: WatchChangeView; showList: boolean }) {
  const { event } = change;
  const words = event ? eventWords(change.name, event) : changeWords(change.name, change.change);
  // The sentence begins with the name: the name is the link to the profile.
  const rest = words.startsWith(change.name) ? words.slice(change.name.length) : `: ${words}`;
  const label = event ? EVENT_KIND_LABELS[event.kind] : CHANGE_KIND_LABELS[change.change.kind];
  const doubt = event ? uncertainWords(event) : null;
  return (
    <li class={change.viewed ? 'change' : 'change unseen'}>
      <h3 class="change-kind">
        {label}
        {doubt && (
          <span class="badge badge-uncertain">
            <span class="visually-hidden">, </span>uncertain
          </span>
        )}
      </h3>
      <p class="change-words">
        {!change.viewed && (
          <span class="badge badge-new">
            <span aria-hidden="true">New</span>
            <span class="visually-hidden">Not seen yet:</span>
          </span>
        )}
        <ExternalLink href={change.url}>{change.name}</ExternalLink>
        {rest}
      </p>
      {doubt && <p class="change-uncertain">Uncertain: {doubt}</p>}
      <p class="change-meta">
        Seen <time dateTime={new Date(change.seenAt).toISOString()}>{formatMoment(change.seenAt)}</time>
        {showList && ` · ${change.watchList}`}
      </p>
      {event ? (
        <Evidence event={event} />
      ) : (
        <dl class="change-parts">
          <dt>Before</dt>
          <dd>{partWords(change.change.before)}</dd>
          <dt>After</dt>
          <dd>{partWords(change.change.after)}</dd>
        </dl>
      )}
    </li>
  );
}
