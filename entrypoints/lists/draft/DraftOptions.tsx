/**
 * "What to ask": the choices every request of a draft list is made with (how fresh a profile must
 * be, whole profiles from lookups, personal contacts), each with what it adds to the price, and the
 * cap the list stops at.
 */

import { CapField } from '@/components/CapField';
import { FRESHNESS_CHOICES, FRESHNESS_LABELS, type Freshness } from '@/lib/freshness';
import type { ListOptions } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';
import type { DryRun } from './dry-run';

/** What each freshness choice adds to a profile, beside its label (lib/freshness.ts has the table). */
const FRESHNESS_ADDS: { readonly [F in Freshness]: number } = { 'if-present': 0, 'if-recent': 1, live: 9 };

const PROFILE_ENDPOINTS = new Set(['person.profile', 'company.profile', 'school.profile']);
const LOOKUP_ENDPOINTS = new Set(['email.lookup', 'person.lookup', 'company.lookup']);

export interface DraftOptionsProps {
  options: ListOptions;
  onOptions: (options: ListOptions) => void;
  /** The dry run of the list as it is read now: what a choice adds is counted on it. */
  run: DryRun | null;
  /** What today's budget has left, when the quote knows. */
  remainingToday: number | null | undefined;
  /** The cap as typed. */
  capText: string;
  onCapText: (text: string) => void;
}

export function DraftOptions({
  options,
  onOptions,
  run,
  remainingToday,
  capText,
  onCapText,
}: DraftOptionsProps) {
  const profileCount = requestsTo(run, PROFILE_ENDPOINTS);
  const lookupCount = requestsTo(run, LOOKUP_ENDPOINTS);
  return (
    <section class="card" aria-labelledby="options-title">
      <header>
        <h2 id="options-title">What to ask</h2>
      </header>
      <fieldset class="choices">
        <legend>How fresh a profile must be</legend>
        {FRESHNESS_CHOICES.map((choice) => (
          <label key={choice} class="choice">
            <input
              type="radio"
              name="freshness"
              checked={options.freshness === choice}
              onChange={() => onOptions({ ...options, freshness: choice })}
            />
            {FRESHNESS_LABELS[choice]}
            <span class="muted">
              {FRESHNESS_ADDS[choice] === 0
                ? ' · no extra cost'
                : ` · +${creditCount(FRESHNESS_ADDS[choice])} a profile (${profileCount} in this list)`}
            </span>
          </label>
        ))}
      </fieldset>
      <label class="choice">
        <input
          type="checkbox"
          checked={options.withProfiles}
          onChange={() => onOptions({ ...options, withProfiles: !options.withProfiles })}
        />
        Lookups return the whole profile
        <span class="muted"> · +1 credit a lookup ({lookupCount} in this list)</span>
      </label>
      <label class="choice">
        <input
          type="checkbox"
          checked={options.contacts}
          onChange={() => onOptions({ ...options, contacts: !options.contacts })}
        />
        Personal emails and phone numbers
        <span class="muted"> · +1 credit for each one found, on person profiles</span>
      </label>
      <CapField
        label="Stop after (credits)"
        hint={`Empty: no cap.${remainingToday != null ? ` Today's budget has ${creditCount(remainingToday)} left.` : ''}`}
        text={capText}
        onText={onCapText}
      />
    </section>
  );
}

/** How many distinct requests of the dry run go to these endpoints. */
function requestsTo(run: DryRun | null, endpoints: ReadonlySet<string>): number {
  return (
    run?.byEndpoint
      .filter((share) => endpoints.has(share.endpointId))
      .reduce((sum, share) => sum + share.count, 0) ?? 0
  );
}
