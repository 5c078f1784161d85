/**
 * A profile as a compact card (a summary, for lists of profiles): a person, a company or school, or
 * a job. The page's own profile is drawn in full by the views of ./profile. Every field may be
 * missing; a missing field is simply not shown. Everything is rendered as text, and only http(s)
 * URLs become links or images (safeHttpUrl).
 */
import type { ComponentChildren } from 'preact';
import type { CompanyProfile, JobProfile } from '@/lib/api/schemas';
import { excerpt, formatCompanySize, formatNumber, joinParts } from './panel-format';
import type { PersonSummary } from './person-summary';
import { Avatar, ExternalLink } from './profile/parts';
import { displayHost, safeHttpUrl } from './safe-url';

export { Avatar, ExternalLink };

/** What the panel can show about a page's profile. */
export type ProfileAnswer =
  | { kind: 'person'; person: PersonSummary }
  | { kind: 'company' | 'school'; company: CompanyProfile }
  | { kind: 'job'; job: JobProfile };

const DESCRIPTION_EXCERPT_CHARS = 280;
/** Long lists are cut here so the card stays a summary. */
const LIST_LIMIT = 5;
const SPECIALITIES_LIMIT = 12;

export function ProfileAnswerCard({ answer }: { answer: ProfileAnswer }) {
  switch (answer.kind) {
    case 'person':
      return <PersonCard person={answer.person} />;
    case 'company':
    case 'school':
      return <CompanyCard company={answer.company} kind={answer.kind} />;
    case 'job':
      return <JobCard job={answer.job} />;
  }
}

function CardHead({
  image,
  title,
  subtitle,
  fallbackTitle,
}: {
  image: ComponentChildren;
  title: string | null;
  subtitle?: ComponentChildren;
  fallbackTitle: string;
}) {
  return (
    <header class="profile-head">
      {image}
      <div class="profile-head-text">
        <h2 class="profile-name">{title ?? fallbackTitle}</h2>
        {subtitle}
      </div>
    </header>
  );
}

/** Label–value rows; a row whose value is null is left out, and no rows means no list. */
function Facts({ rows }: { rows: [string, ComponentChildren | null][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl class="facts">
      {shown.map(([label, value]) => (
        <div class="fact" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="profile-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function More({ count }: { count: number }) {
  return count > 0 ? <li class="muted">and {count} more</li> : null;
}

export function PersonCard({ person }: { person: PersonSummary }) {
  const roles = person.currentRoles.slice(0, LIST_LIMIT);
  const schools = person.education.slice(0, LIST_LIMIT);
  return (
    <article class="profile-card" aria-label={person.name ?? 'Person'}>
      <CardHead
        image={<Avatar src={person.photoUrl} name={person.name} shape="round" />}
        title={person.name}
        fallbackTitle="Name not known"
        subtitle={
          <>
            {person.headline && <p class="profile-headline">{person.headline}</p>}
            {person.location && <p class="muted">{person.location}</p>}
          </>
        }
      />
      {roles.length > 0 && (
        <Section title={roles.length === 1 ? 'Current role' : 'Current roles'}>
          <ul class="entries">
            {roles.map((role, index) => (
              <li key={index}>
                {role.title && <span class="entry-main">{role.title}</span>}
                {role.company && (
                  <span class={role.title ? 'entry-sub' : 'entry-main'}>
                    <ExternalLink href={role.companyUrl}>{role.company}</ExternalLink>
                  </span>
                )}
              </li>
            ))}
            <More count={person.currentRoles.length - roles.length} />
          </ul>
        </Section>
      )}
      {schools.length > 0 && (
        <Section title="Education">
          <ul class="entries">
            {schools.map((school, index) => (
              <li key={index}>
                {school.school && (
                  <span class="entry-main">
                    <ExternalLink href={school.schoolUrl}>{school.school}</ExternalLink>
                  </span>
                )}
                {(school.degree || school.years) && (
                  <span class="entry-sub">{joinParts([school.degree, school.years], ' · ')}</span>
                )}
              </li>
            ))}
            <More count={person.education.length - schools.length} />
          </ul>
        </Section>
      )}
      {person.languages.length > 0 && (
        <Section title="Languages">
          <p>{person.languages.join(', ')}</p>
        </Section>
      )}
      <LinkRow links={person.links} />
    </article>
  );
}

function LinkRow({ links }: { links: { label: string; url: string | null | undefined }[] }) {
  const safe = links.filter((link) => safeHttpUrl(link.url));
  if (safe.length === 0) return null;
  return (
    <ul class="profile-links">
      {safe.map((link) => (
        <li key={link.label}>
          <ExternalLink href={link.url}>{link.label}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}

function headquarters(company: CompanyProfile): string | null {
  const hq = company.hq ?? company.locations?.find((location) => location.is_hq);
  return hq ? joinParts([hq.city, hq.state, hq.country]) : null;
}

export function CompanyCard({ company, kind }: { company: CompanyProfile; kind: 'company' | 'school' }) {
  const specialities = company.specialities?.filter(Boolean) ?? [];
  const shownSpecialities = specialities.slice(0, SPECIALITIES_LIMIT);
  const size = company.company_size
    ? formatCompanySize(company.company_size)
    : company.company_size_on_network != null
      ? `${formatNumber(company.company_size_on_network)} on the network`
      : null;
  const websiteHost = displayHost(company.website);
  return (
    <article class="profile-card" aria-label={company.name ?? (kind === 'school' ? 'School' : 'Company')}>
      <CardHead
        image={<Avatar src={company.profile_pic_url} name={company.name ?? null} shape="square" />}
        title={company.name ?? null}
        fallbackTitle="Name not known"
        subtitle={company.tagline && <p class="profile-headline">{company.tagline}</p>}
      />
      <Facts
        rows={[
          ['Industry', company.industry ?? null],
          ['Size', size],
          ['Headquarters', headquarters(company)],
          [
            'Website',
            websiteHost ? (
              <ExternalLink href={company.website}>{websiteHost}</ExternalLink>
            ) : (
              (company.website ?? null)
            ),
          ],
          ['Founded', company.founded_year != null ? String(company.founded_year) : null],
          ['Followers', company.follower_count != null ? formatNumber(company.follower_count) : null],
        ]}
      />
      {shownSpecialities.length > 0 && (
        <Section title="Specialities">
          <ul class="chips">
            {shownSpecialities.map((speciality) => (
              <li key={speciality}>{speciality}</li>
            ))}
            {specialities.length > shownSpecialities.length && (
              <li class="chip-more">+{specialities.length - shownSpecialities.length} more</li>
            )}
          </ul>
        </Section>
      )}
      {company.description && (
        <Section title="About">
          <p class="profile-description">{excerpt(company.description, DESCRIPTION_EXCERPT_CHARS)}</p>
        </Section>
      )}
    </article>
  );
}

export function JobCard({ job }: { job: JobProfile }) {
  const location = joinParts([job.location?.city, job.location?.region, job.location?.country]);
  const companyName = job.company?.name ?? null;
  const applyUrl = safeHttpUrl(job.apply_url);
  return (
    <article class="profile-card" aria-label={job.title ?? 'Job'}>
      <CardHead
        image={<Avatar src={job.company?.logo} name={companyName} shape="square" />}
        title={job.title ?? null}
        fallbackTitle="Title not known"
        subtitle={
          companyName && (
            <p class="profile-headline">
              <ExternalLink href={job.company?.url}>{companyName}</ExternalLink>
            </p>
          )
        }
      />
      <Facts
        rows={[
          ['Location', location],
          ['Employment', job.employment_type ?? null],
          ['Seniority', job.seniority_level ?? null],
        ]}
      />
      {applyUrl && (
        <p>
          <a class="button-link" href={applyUrl} target="_blank" rel="noopener noreferrer">
            Apply
          </a>
        </p>
      )}
    </article>
  );
}
