/**
 * The registry's parameter names are types: a cost rule, a cursor rule, a ledger summary, the
 * sandbox's search filters and the profile kinds' enrichers that name a parameter the endpoint
 * does not have do not compile. `tsc --noEmit` (CI's typecheck step) fails if any line marked
 * @ts-expect-error below compiles; the runtime assertions keep vitest honest about the same table.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CostRule } from '../../../../lib/api/costs';
import type { CursorRule, EndpointInfo } from '../../../../lib/api/endpoint-info';
import { endpointInfo } from '../../../../lib/api/endpoint-info';
import type { ParamName } from '../../../../lib/api/params';
import type { MessageData } from '../../../../lib/background/messages';
import { PROFILE_KIND_INFO, PROFILE_KINDS } from '../../../../lib/profiles';
import type { ProtocolMap } from '../../../../lib/protocol';
import type { FilterValues } from '../../../../sandbox/data/queries';

type PersonSearch = import('../../../../lib/api/params').CanonicalParams<'person.search'>;

/** Never called: what matters is that tsc refuses each marked line. */
function misspeltNames(filters: FilterValues<PersonSearch>) {
  // A cost condition on a misspelt parameter.
  const misspeltCostRule: CostRule<ParamName<'person.profile'>> = {
    published: true,
    components: [
      // @ts-expect-error: `profil_url` is not a parameter of the person profile
      { label: 'x', when: { param: 'profil_url', given: true }, charges: [{ per: 'request', amount: 1 }] },
    ],
  };

  // A cursor sent back under a name the endpoint does not take.
  const misspeltCursor: CursorRule<'person.search'> = {
    style: 'search',
    field: 'next_page',
    readParam: 'next_token',
    // @ts-expect-error: `nexttoken` is not a parameter of the person search
    sendParam: 'nexttoken',
  };

  // A ledger summary naming a parameter of another endpoint.
  const misspeltIdentifying: Pick<EndpointInfo<'company.logo'>, 'identifying'> = {
    // @ts-expect-error: `url` is not a parameter of the logo search
    identifying: ['url'],
  };

  // The sandbox's filters read by typed name.
  // @ts-expect-error: `countri` is not a parameter of the person search
  filters.text('countri');
  // @ts-expect-error: `country` holds text, not a number
  filters.number('country');
  return [misspeltCostRule, misspeltCursor, misspeltIdentifying, filters.number('follower_count_min')];
}

describe('parameter names are types', () => {
  it('has its compile-time checks in a function tsc reads', () => {
    expect(misspeltNames).toBeTypeOf('function');
  });

  it('every profile kind is enriched by a parameter its endpoint has', () => {
    type Enricher = (typeof PROFILE_KIND_INFO)[keyof typeof PROFILE_KIND_INFO]['enrich'];
    type Checked = {
      [E in Enricher as E['endpointId']]: E['param'] extends ParamName<E['endpointId']> ? true : false;
    };
    expectTypeOf<Checked[keyof Checked]>().toEqualTypeOf<true>();
    for (const kind of PROFILE_KINDS) {
      const { endpointId, param } = PROFILE_KIND_INFO[kind].enrich;
      expect(Object.keys(endpointInfo)).toContain(endpointId);
      expect(param).toMatch(/^[a-z_A-Z]+$/);
    }
  });

  it('the protocol types are the types of the schemas the background validates with', () => {
    type Agrees<T extends keyof ProtocolMap> = [Parameters<ProtocolMap[T]>[0]] extends [MessageData<T>]
      ? [MessageData<T>] extends [Parameters<ProtocolMap[T]>[0]]
        ? true
        : false
      : false;
    // A content script's report is checked entry by entry (lib/background/findings-check.ts): its schema is
    // only the envelope, which accepts every report the protocol types.
    type ReportAccepted = [Parameters<ProtocolMap['findings.report']>[0]] extends [
      MessageData<'findings.report'>,
    ]
      ? true
      : false;
    expectTypeOf<ReportAccepted>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'quote'>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'view.open'>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'run'>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'connection.test'>>().toEqualTypeOf<true>();
    expectTypeOf<Agrees<'tab.scan'>>().toEqualTypeOf<true>();
  });
});
