/**
 * The answer of a lookup that resolves a profile: the reverse email lookup (the context menu's
 * "Look up email", the popup's email lookup), and the person, role and company lookups of the
 * popup. A match shows the profile when the answer carries it (enriched), otherwise the address of
 * the matched profile; no match says so plainly. What it cost is said beside it (AnswerLine), not
 * here. Everything is text; only http(s) links are made.
 */
import type { CompanyProfile, EmailLookupResponse, PersonProfile } from '@/lib/api/schemas';
import { handleOf, textOf } from '../results/ResultRows';
import { CompanyView } from './CompanyView';
import { PersonView } from './PersonView';
import { ExternalLink } from './parts';
import './email-lookup.css';

/** What every lookup answer holds (lib/api/schemas.ts): the match's URL, its profile when enriched. */
export interface LookupAnswerData {
  url?: string | null;
  /** The role lookup names it `network_profile_url`. */
  network_profile_url?: string | null;
  profile?: unknown;
  last_updated?: string | null;
}

export interface LookupMatch {
  url: string | null;
  profile: Record<string, unknown> | null;
  lastUpdated: string | null;
}

/** The match of a lookup answer, or null when nothing matched (a null body, or null url and profile). */
export function lookupMatchOf(data: LookupAnswerData | null | undefined): LookupMatch | null {
  if (typeof data !== 'object' || data === null) return null;
  const url = textOf(data.url) ?? textOf(data.network_profile_url);
  const profile =
    typeof data.profile === 'object' && data.profile !== null
      ? (data.profile as Record<string, unknown>)
      : null;
  if (url === null && profile === null) return null;
  return { url, profile, lastUpdated: textOf(data.last_updated) };
}

export interface LookupMatchViewProps {
  match: LookupMatch;
  /** How to draw an enriched profile. */
  kind: 'person' | 'company';
  /** Heading level of the profile's name. */
  level?: 2 | 3;
}

/** A matched profile: the enriched profile, or the address the lookup resolved to. */
export function LookupMatchView({ match, kind, level = 3 }: LookupMatchViewProps) {
  return (
    <div class="lookup-match">
      {match.profile ? (
        kind === 'person' ? (
          <PersonView person={match.profile as PersonProfile} level={level} />
        ) : (
          <CompanyView company={match.profile as CompanyProfile} kind="company" level={level} />
        )
      ) : (
        <p class="lookup-url">
          <span class="muted">Matched profile: </span>
          <ExternalLink href={match.url}>
            {match.url ? handleOf(match.url) : 'address not given'}
          </ExternalLink>
        </p>
      )}
      {match.profile && match.url && (
        <p class="small">
          <ExternalLink href={match.url}>Open the profile</ExternalLink>
        </p>
      )}
      {/* An enriched profile says when it was updated itself. */}
      {match.lastUpdated && !match.profile && (
        <p class="muted small">Profile last updated {match.lastUpdated.slice(0, 10)}</p>
      )}
    </div>
  );
}

export interface EmailLookupCardProps {
  /** The address that was looked up. */
  email: string;
  /** The answer as the background validated it: a match, or null content when nothing was found. */
  data: EmailLookupResponse | null | undefined;
  level?: 2 | 3;
}

/** Who an email address belongs to, or that nobody was found for it. */
export function EmailLookupCard({ email, data, level = 3 }: EmailLookupCardProps) {
  const match = lookupMatchOf(data);
  return (
    <div class="email-lookup-card">
      <p class="lookup-subject">
        <span class="muted">Email </span>
        <strong>{email}</strong>
      </p>
      {match ? (
        <LookupMatchView match={match} kind="person" level={level} />
      ) : (
        <p class="empty">No person was found for this address.</p>
      )}
    </div>
  );
}
