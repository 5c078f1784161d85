/**
 * The optional fields of a v2 person profile (`extra`, `skills`, ...): shown when present, and said
 * to be missing (not charged) when asked for and absent.
 */
import type { PERSON_ENRICHMENT_FIELDS } from '@/lib/api/assumptions';
import type { PersonProfile } from '@/lib/api/schemas';
import { canonicalHandleUrl, type HandleNetwork } from '@/lib/networks';
import { Block, Chips, ExternalLink, Facts, type HeadingLevel, hasData, NotAvailable } from './parts';
import { PlainList } from './person-parts';
import { formatRange, formatSpecDate } from './profile-format';

/** The request params that ask for an optional field (`extra`, `skills`, ...). */
export type PersonOption = keyof typeof PERSON_ENRICHMENT_FIELDS;

const ID_LINKS: readonly [PersonOption & `${HandleNetwork}_profile_id`, HandleNetwork, string][] = [
  ['codehost_profile_id', 'codehost', 'Code host'],
  ['social_profile_id', 'social', 'Social network'],
  ['microblog_profile_id', 'microblog', 'Microblog'],
];

/** The optional fields: shown when present, and said to be missing when asked for and absent. */
export function PersonOptional({
  person,
  asked,
  level,
}: {
  person: PersonProfile;
  asked: (option: PersonOption) => boolean;
  level: HeadingLevel;
}) {
  const extra = person.extra;
  const ids = ID_LINKS.filter(([option]) => hasData(person[option]) || asked(option));
  const numbers = person.personal_numbers?.filter((value) => value.trim()) ?? [];
  const emails = person.personal_emails?.filter((value) => value.trim()) ?? [];
  const salary = person.inferred_salary;
  const skills = person.skills?.filter((value) => value.trim()) ?? [];
  return (
    <>
      {(hasData(extra) || asked('extra')) && (
        <Block title="Extra details" level={level}>
          {hasData(extra) ? (
            <>
              <Facts
                rows={[
                  ['Gender', extra?.gender],
                  ['Birth date', formatSpecDate(extra?.birth_date)],
                  ['Industry', extra?.industry],
                ]}
              />
              {extra?.interests && extra.interests.length > 0 && <Chips items={extra.interests} />}
            </>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {ids.length > 0 && (
        <Block title="Other profiles" level={level}>
          <Facts
            rows={ids.map(([option, network, label]) => {
              const id = person[option];
              return [
                label,
                id ? (
                  <ExternalLink href={canonicalHandleUrl(network, id)}>{id}</ExternalLink>
                ) : (
                  <span class="muted">not available, not charged</span>
                ),
              ] as const;
            })}
          />
        </Block>
      )}
      {(numbers.length > 0 || asked('personal_contact_number')) && (
        <Block title="Personal phone numbers" level={level} count={numbers.length}>
          {numbers.length > 0 ? <PlainList items={numbers} /> : <NotAvailable free />}
        </Block>
      )}
      {(emails.length > 0 || asked('personal_email')) && (
        <Block title="Personal emails" level={level} count={emails.length}>
          {emails.length > 0 ? (
            <ul class="entries compact">
              {emails.map((email) => (
                <li key={email} class="found-email">
                  {email}
                </li>
              ))}
            </ul>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {(hasData(salary) || asked('inferred_salary')) && (
        <Block title="Inferred salary" level={level}>
          {hasData(salary) ? (
            <p>
              {formatRange(salary?.min, salary?.max)}{' '}
              <span class="muted small">as the service infers it (currency and period not stated)</span>
            </p>
          ) : (
            <NotAvailable free />
          )}
        </Block>
      )}
      {(skills.length > 0 || asked('skills')) && (
        <Block title="Skills" level={level} count={skills.length}>
          {skills.length > 0 ? <Chips items={skills} /> : <NotAvailable free />}
        </Block>
      )}
    </>
  );
}
