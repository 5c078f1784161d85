/**
 * A watch list's members as the lists page exports a list (entrypoints/lists/export/list-export.ts,
 * the one writer of those files): one row a member (its profile address, name and kind as the
 * input), its last answer in the enrichment columns, when it was last checked and what that ask cost.
 */
import type {
  ListInput,
  ListOptions,
  ListRequestStatus,
  ListRequestView,
  WatchListDetail,
  WatchMemberView,
} from '@/lib/protocol';

export interface MembersAsList {
  input: ListInput;
  requests: Map<string, ListRequestView>;
  options: ListOptions;
}

function memberStatus(member: WatchMemberView): ListRequestStatus {
  if (member.error) return member.error.kind === 'do-not-enrich' ? 'refused' : 'failed';
  return member.checkedAt === null ? 'queued' : 'done';
}

function memberRequest(member: WatchMemberView, detail: WatchListDetail): ListRequestView {
  const status = memberStatus(member);
  return {
    key: member.key,
    endpointId: member.kind === 'person' ? 'person.profile' : 'company.profile',
    asked: `${member.kind} ${member.url}`,
    status,
    quote: detail.summary.perPeriod,
    credits: member.credits,
    cached: false,
    fetchedAt: member.checkedAt,
    freshness: detail.summary.freshness,
    enriched: member.enriched,
    noMatch: status === 'done' && member.enriched === null,
    error: member.error,
    interrupted: null,
    updatedAt: member.checkedAt ?? detail.summary.createdAt,
  };
}

export function membersAsList(detail: WatchListDetail): MembersAsList {
  const { members } = detail;
  return {
    input: {
      columns: ['Profile URL', 'Name', 'Kind'],
      rows: members.map((member) => [member.url, member.name, member.kind]),
      mapping: ['profile_url', 'full_name', 'ignore'],
      targets: members.map((member) => ({ key: member.key })),
    },
    requests: new Map(members.map((member) => [member.key, memberRequest(member, detail)])),
    options: { freshness: detail.summary.freshness, withProfiles: false, contacts: false },
  };
}
