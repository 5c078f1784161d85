/**
 * How to reach a v3 person (`person.v3`): their profiles and links, emails and phone numbers.
 * Sections behind an include flag show when present, and say so when asked for and absent.
 */

import { formatTimestamp } from '@/components/format';
import {
  Block,
  Entry,
  ExternalLink,
  type FactRow,
  Facts,
  type HeadingLevel,
  hasData,
  NotAvailable,
} from '@/components/profile/parts';
import { PlainList } from '@/components/profile/person-parts';
import { joinParts } from '@/components/profile/profile-format';
import type { PersonV3 } from '@/lib/api/schemas';
import { canonicalHandleUrl, canonicalPersonUrl } from '@/lib/networks';

export function PersonV3Links({
  person,
  asked,
  level,
}: {
  person: PersonV3;
  asked: boolean;
  level: HeadingLevel;
}) {
  const links = person.contactInformation?.socialLinks;
  const slug = person.slug;
  const rows: FactRow[] = [
    [
      'Main network',
      link(links?.networkUrl ?? (slug?.network ? canonicalPersonUrl(slug.network) : null), slug?.network),
    ],
    [
      'Code host',
      link(
        links?.codehostUrl ?? (slug?.codehost ? canonicalHandleUrl('codehost', slug.codehost) : null),
        slug?.codehost,
      ),
    ],
    [
      'Social network',
      link(
        links?.socialUrl ?? (slug?.social ? canonicalHandleUrl('social', slug.social) : null),
        slug?.social,
      ),
    ],
    [
      'Microblog',
      link(
        links?.microblogUrl ?? (slug?.microblog ? canonicalHandleUrl('microblog', slug.microblog) : null),
        slug?.microblog,
      ),
    ],
    ['Website', link(links?.websiteUrl, null)],
  ];
  const any = rows.some(([, value]) => value);
  if (!any && !asked) return null;
  return (
    <Block title="Profiles and links" level={level}>
      {any ? <Facts rows={rows} /> : <NotAvailable />}
    </Block>
  );
}

function link(url: string | null | undefined, text: string | null | undefined) {
  if (!url) return null;
  return <ExternalLink href={url}>{text || url}</ExternalLink>;
}

export function PersonV3Contact({
  person,
  asked,
  level,
}: {
  person: PersonV3;
  asked: (flag: string) => boolean;
  level: HeadingLevel;
}) {
  const contact = person.contactInformation;
  const groups = [
    ['Personal emails', 'personalEmail', contact?.emails?.personal],
    ['Work emails', 'workEmail', contact?.emails?.work],
  ] as const;
  const phones = contact?.phoneNumbers?.filter((value) => value.trim()) ?? [];
  const shownGroups = groups.filter(([, flag, emails]) => hasData(emails) || asked(flag));
  if (shownGroups.length === 0 && phones.length === 0 && !asked('phoneNumber')) return null;
  return (
    <Block title="Contact" level={level}>
      {shownGroups.map(([title, , emails]) => (
        <div class="sub-list" key={title}>
          <p class="small muted">{title}</p>
          {hasData(emails) ? (
            <ul class="entries compact">
              {emails!.filter(hasData).map((email, index) => (
                <li key={index}>
                  <Entry
                    main={<span class="found-email">{email.email ?? email.normalized}</span>}
                    meta={joinParts(
                      [
                        typeof email.validity === 'boolean'
                          ? email.validity
                            ? 'valid'
                            : 'not valid'
                          : email.validity,
                        email.validatedAt && `checked ${formatTimestamp(email.validatedAt)}`,
                        email.gateway,
                      ],
                      ' · ',
                    )}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <NotAvailable />
          )}
        </div>
      ))}
      {(phones.length > 0 || asked('phoneNumber')) && (
        <div class="sub-list">
          <p class="small muted">Phone numbers</p>
          {phones.length > 0 ? <PlainList items={phones} /> : <NotAvailable />}
        </div>
      )}
    </Block>
  );
}
