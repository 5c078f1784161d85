/**
 * Everything else the page shows: the profiles it links to, grouped by kind, and the e-mail
 * addresses in it, each with its count. (Enriching these rows comes later; they are only listed.)
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Findings } from '@/lib/messages';
import { KIND_NAMES, PROFILE_KINDS } from './kinds';
import { ExternalLink } from './ProfileCards';

type FoundProfile = Findings['profiles'][number];

/** Rows shown per group before "Show all": a feed page can link to thousands of profiles. */
const ROWS_SHOWN = 25;

export interface FoundOnPageProps {
  profiles: readonly FoundProfile[];
  emails: readonly string[];
  /** The page's own profile, which pages link to themselves: not listed again. */
  exclude?: { kind: FoundProfile['kind']; id: string } | null;
}

export function FoundOnPage({ profiles, emails, exclude }: FoundOnPageProps) {
  const others = exclude
    ? profiles.filter((profile) => profile.kind !== exclude.kind || profile.id !== exclude.id)
    : profiles;
  const groups = PROFILE_KINDS.map((kind) => ({
    kind,
    rows: others.filter((profile) => profile.kind === kind),
  })).filter((group) => group.rows.length > 0);
  const total = others.length + emails.length;
  return (
    <section class="card panel-section" aria-labelledby="found-heading">
      <header class="section-head">
        <h2 id="found-heading">
          Found on this page <span class="count">{total}</span>
        </h2>
      </header>
      {total === 0 ? (
        <p class="empty">No other profile links or e-mail addresses on this page.</p>
      ) : (
        <>
          {groups.map((group) => (
            <FoundGroup
              key={group.kind}
              title={KIND_NAMES[group.kind].many}
              rows={group.rows.map((profile) => ({
                key: `${profile.kind}:${profile.id}`,
                content: (
                  <>
                    <ExternalLink href={profile.url}>{profile.label ?? profile.id}</ExternalLink>
                    {profile.label && <span class="found-id">{profile.id}</span>}
                  </>
                ),
              }))}
            />
          ))}
          {emails.length > 0 && (
            <FoundGroup
              title="E-mail addresses"
              rows={emails.map((email) => ({
                key: email,
                content: <span class="found-email">{email}</span>,
              }))}
            />
          )}
        </>
      )}
    </section>
  );
}

function FoundGroup({ title, rows }: { title: string; rows: { key: string; content: ComponentChildren }[] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, ROWS_SHOWN);
  return (
    <section class="found-group">
      <h3>
        {title} <span class="count">{rows.length}</span>
      </h3>
      <ul class="found-rows">
        {shown.map((row) => (
          <li key={row.key}>{row.content}</li>
        ))}
      </ul>
      {rows.length > shown.length && (
        <button type="button" class="link" onClick={() => setShowAll(true)}>
          Show all {rows.length}
        </button>
      )}
    </section>
  );
}
