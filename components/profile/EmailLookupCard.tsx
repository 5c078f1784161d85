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
export interface LookupAnswerData<Profile> {
  url?: string | null;
  /** The role lookup names it `network_profile_url`. */
  network_profile_url?: string | null;
  profile?: Profile | null;
  last_updated?: string | null;
}

interface Matched<Kind, Profile> {
  kind: Kind;
  url: string | null;
  profile: Profile | null;
  lastUpdated: string | null;
}

/** A lookup's match, drawn as the kind of profile the lookup resolves. */
export type LookupMatch = Matched<'person', PersonProfile> | Matched<'company', CompanyProfile>;

/** The match of a lookup answer, or null when nothing matched (a null body, or null url and profile). */
function matchOf<Kind, Profile extends object>(
  kind: Kind,
  data: LookupAnswerData<Profile> | null | undefined,
): Matched<Kind, Profile> | null {
  if (typeof data !== 'object' || data === null) return null;
  const url = textOf(data.url) ?? textOf(data.network_profile_url);
  const profile = typeof data.profile === 'object' && data.profile !== null ? data.profile : null;
  if (url === null && profile === null) return null;
  return { kind, url, profile, lastUpdated: textOf(data.last_updated) };
}

/** The person a person, role or email lookup matched, or null. */
export function personMatchOf(data: LookupAnswerData<PersonProfile> | null | undefined): LookupMatch | null {
  return matchOf<'person', PersonProfile>('person', data);
}

/** The company a company lookup matched, or null. */
export function companyMatchOf(
  data: LookupAnswerData<CompanyProfile> | null | undefined,
): LookupMatch | null {
  return matchOf<'company', CompanyProfile>('company', data);
}

export interface LookupMatchViewProps {
  match: LookupMatch;
  /** Heading level of the profile's name. */
  level?: 2 | 3;
}

/** An enriched profile, drawn by its kind. */
function MatchedProfile({ match, level }: { match: LookupMatch; level: 2 | 3 }) {
  if (match.profile === null) return null;
  return match.kind === 'person' ? (
    <PersonView person={match.profile} level={level} />
  ) : (
    <CompanyView company={match.profile} kind="company" level={level} />
  );
}

/** A matched profile: the enriched profile, or the address the lookup resolved to. */
export function LookupMatchView({ match, level = 3 }: LookupMatchViewProps) {
  return (
    <div class="lookup-match">
      {match.profile ? (
        <MatchedProfile match={match} level={level} />
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
  const match = personMatchOf(data);
  return (
    <div class="email-lookup-card">
      <p class="lookup-subject">
        <span class="muted">Email </span>
        <strong>{email}</strong>
      </p>
      {match ? (
        <LookupMatchView match={match} level={level} />
      ) : (
        <p class="empty">No person was found for this address.</p>
      )}
    </div>
  );
}
