/**
 * One row of each kind of result the sections list: an employee or student, a job, a logo match,
 * and the employee count's figures. Every value comes from the service (or from a stream still
 * arriving) and may be missing or of the wrong type: each is read as text when it is text and left
 * out otherwise. Nothing is rendered as HTML, and only http(s) URLs become links or images.
 */

import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { EmployeeCount } from '@/lib/api/employee-count';
import type { JobListEntry, ListingEntry, LogoMatch } from '@/lib/api/schemas';
import { ExternalLink } from '../profile/parts';
import { formatNumber, joinParts } from '../profile/profile-format';
import { safeHttpUrl } from '../safe-url';

/** A value as text when it is a non-empty string, else null. */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The last part of a profile URL's path ("jane-doe"), or the text itself when it is not a URL. */
export function handleOf(url: string): string {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    return parts.length > 0 ? decodeURIComponent(parts[parts.length - 1]!) : url;
  } catch {
    return url;
  }
}

/** The date part of an ISO 8601 timestamp ("2024-03-01"), or null. */
function dayOf(value: unknown): string | null {
  const text = textOf(value);
  const match = text ? /^(\d{4}-\d{2}-\d{2})/.exec(text) : null;
  return match ? match[1]! : null;
}

/** What a listing row shows of an employee or student. */
export function listingRowText(entry: ListingEntry): {
  name: string;
  url: string | null;
  headline: string | null;
  place: string | null;
  updated: string | null;
} {
  const profile = entry?.profile;
  const url = textOf(entry?.profile_url);
  const name =
    textOf(profile?.full_name) ??
    joinParts([textOf(profile?.first_name), textOf(profile?.last_name)], ' ') ??
    (url ? handleOf(url) : 'Profile address missing');
  return {
    name,
    url,
    headline: textOf(profile?.headline) ?? textOf(profile?.occupation),
    place:
      textOf(profile?.location_str) ?? joinParts([textOf(profile?.city), textOf(profile?.country_full_name)]),
    updated: dayOf(entry?.last_updated),
  };
}

export function ListingRow({ entry }: { entry: ListingEntry }) {
  const { name, url, headline, place, updated } = listingRowText(entry);
  return (
    <li class="result">
      <span class="result-main">
        <ExternalLink href={url}>{name}</ExternalLink>
      </span>
      {headline && <span class="result-sub">{headline}</span>}
      {(place || updated) && (
        <span class="result-sub muted">{joinParts([place, updated && `updated ${updated}`], ' · ')}</span>
      )}
    </li>
  );
}

export interface JobRowProps {
  job: JobListEntry;
  /** The job's profile, shown inline once the person opens the row. */
  detail: () => ComponentChildren;
}

/** A job of the search: its title opens its profile inline (a quoted action of its own). */
export function JobRow({ job, detail }: JobRowProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = textOf(job?.job_title) ?? 'Title not known';
  const sub = joinParts([textOf(job?.company), textOf(job?.location), textOf(job?.list_date)], ' · ');
  return (
    <li class="result">
      <button
        type="button"
        class="link result-main result-toggle"
        aria-expanded={open}
        aria-controls={open ? `${id}-detail` : undefined}
        onClick={() => setOpen(!open)}
      >
        {title}
      </button>
      {sub && <span class="result-sub">{sub}</span>}
      {open && (
        <div class="result-detail" id={`${id}-detail`}>
          {detail()}
        </div>
      )}
    </li>
  );
}

/** What a job row's detail needs: the job's address, if it has a usable one. */
export function jobUrlOf(job: JobListEntry): string | null {
  return textOf(job?.job_url);
}

/** What a logo row shows of a match. */
export function logoRowText(match: LogoMatch) {
  const domain = match?.domain;
  const listed = domain?.alternatives;
  const alternatives = Array.isArray(listed)
    ? listed.map(textOf).filter((value): value is string => value !== null)
    : [];
  const employees = numberOf(match?.employeeCount);
  return {
    name: textOf(match?.companyName),
    logoUrl: textOf(match?.logoUrl),
    domain: textOf(domain?.resolved) ?? textOf(domain?.original),
    alternatives,
    industry: textOf(match?.industry),
    employees:
      employees === null ? null : `${formatNumber(employees)} ${employees === 1 ? 'employee' : 'employees'}`,
    location: textOf(match?.location),
    networkUrl: textOf(match?.networkUrl),
  };
}

export function LogoRow({ match }: { match: LogoMatch }) {
  const logo = logoRowText(match);
  const [failed, setFailed] = useState(false);
  const src = safeHttpUrl(logo.logoUrl);
  const name = logo.name ?? 'Name not known';
  return (
    <li class="result logo-result">
      {src && !failed ? (
        <img
          class="logo-image"
          src={src}
          alt={`${name} logo`}
          width={48}
          height={48}
          referrerpolicy="no-referrer"
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <span class="logo-image logo-missing" aria-hidden="true" />
      )}
      <div class="logo-text">
        <span class="result-main">{name}</span>
        {logo.domain && (
          <span class="result-sub">
            {logo.domain}
            {logo.alternatives.length > 0 && ` (also ${logo.alternatives.join(', ')})`}
          </span>
        )}
        {(logo.industry || logo.employees || logo.location) && (
          <span class="result-sub muted">
            {joinParts([logo.industry, logo.employees, logo.location], ' · ')}
          </span>
        )}
        <span class="result-links">
          {safeHttpUrl(logo.networkUrl) && (
            <ExternalLink href={logo.networkUrl}>Company profile</ExternalLink>
          )}
          {src && <ExternalLink href={src}>Logo image</ExternalLink>}
        </span>
      </div>
    </li>
  );
}

export function EmployeeCountView({ figures, asked }: { figures: EmployeeCount; asked: string }) {
  return (
    <div class="count-answer">
      <dl class="figures">
        <div class="figure">
          <dt>Verified employees</dt>
          <dd>{figures.verified === null ? 'not known' : formatNumber(figures.verified)}</dd>
        </div>
        {figures.estimated !== null && (
          <div class="figure">
            <dt>Estimated employees</dt>
            <dd>{formatNumber(figures.estimated)}</dd>
          </div>
        )}
      </dl>
      <p class="muted small">{asked}</p>
    </div>
  );
}
