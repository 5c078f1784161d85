/**
 * One change: the person or company (linked to their profile) and what changed in a person's words
 * (`Ada Lovelace: Engineer at Analytical Engines → CTO at Difference Co.`), its kind, before and
 * after, when it was seen and by which watch list; one not seen yet is marked, in words too.
 */
import { formatMoment } from '@/components/format';
import { ExternalLink } from '@/components/profile/parts';
import type { WatchChangeView } from '@/lib/protocol';
import { formatWholeNumber } from '@/lib/quote-format';
import { CHANGE_KIND_LABELS, changeWords } from '@/lib/watch/change-words';

function partWords(value: string | number | null): string {
  if (value === null) return 'none';
  return typeof value === 'number' ? formatWholeNumber(value) : value;
}

export function ChangeItem({ change, showList }: { change: WatchChangeView; showList: boolean }) {
  const words = changeWords(change.name, change.change);
  // The sentence begins with the name: the name is the link to the profile.
  const rest = words.startsWith(change.name) ? words.slice(change.name.length) : `: ${words}`;
  return (
    <li class={change.viewed ? 'change' : 'change unseen'}>
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
      <p class="change-meta">
        {CHANGE_KIND_LABELS[change.change.kind]} · seen{' '}
        <time dateTime={new Date(change.seenAt).toISOString()}>{formatMoment(change.seenAt)}</time>
        {showList && ` · ${change.watchList}`}
      </p>
      <dl class="change-parts">
        <dt>Before</dt>
        <dd>{partWords(change.change.before)}</dd>
        <dt>After</dt>
        <dd>{partWords(change.change.after)}</dd>
      </dl>
    </li>
  );
}
