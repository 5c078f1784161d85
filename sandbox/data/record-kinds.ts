/**
 * Makes records out of generated facts: each kind's prototype holds the lazy getters that build
 * the large response objects (v2 and v3 profiles, optional blocks) on first access. Apart from
 * ./records, which only declares the records, so the builders (./profiles, ./v3) can read the
 * record types without an import cycle.
 */
import {
  buildCompanyBlocks,
  buildCompanyProfile,
  buildJobListEntry,
  buildJobProfile,
  buildPersonEnrichment,
  buildPersonProfile,
  buildSchoolProfile,
} from './profiles';
import type {
  CompanyFacts,
  CompanyRecord,
  DatasetContext,
  JobFacts,
  JobRecord,
  PersonFacts,
  PersonRecord,
  SchoolFacts,
  SchoolRecord,
} from './records';
import { buildPersonV3 } from './v3';

/** A getter that builds its value once per record (by index) and keeps it. */
function memoised<R extends { index: number }, V>(
  build: (record: R) => V,
  refresh?: (value: V, record: R) => void,
): PropertyDescriptor {
  const built = new Map<number, V>();
  return {
    get(this: R): V {
      let value = built.get(this.index);
      if (value === undefined) {
        value = build(this);
        built.set(this.index, value);
      }
      refresh?.(value, this);
      return value;
    },
  };
}

/** `lastUpdated` moves when the server refreshes a record; the profile's `meta` always tells the truth. */
function refreshMeta(profile: Record<string, unknown>, record: { lastUpdated: Date }): void {
  (profile.meta as { last_updated: string }).last_updated = record.lastUpdated.toISOString();
}

/** Makes records of one dataset out of facts: each facts object gets the kind's prototype of lazy getters. */
export class RecordKinds {
  private readonly personPrototype: object;
  private readonly companyPrototype: object;
  private readonly schoolPrototype: object;
  private readonly jobPrototype: object;

  constructor(context: DatasetContext) {
    this.personPrototype = Object.defineProperties(
      {},
      {
        profile: memoised((person: PersonRecord) => buildPersonProfile(person, context), refreshMeta),
        enrichment: memoised((person: PersonRecord) => buildPersonEnrichment(person, context)),
        v3: memoised(
          (person: PersonRecord) => buildPersonV3(person, context),
          (v3, person) => {
            (v3.meta as { updatedAt: string }).updatedAt = person.lastUpdated.toISOString();
          },
        ),
      },
    );
    this.companyPrototype = Object.defineProperties(
      {},
      {
        profile: memoised((company: CompanyRecord) => buildCompanyProfile(company, context), refreshMeta),
        blocks: memoised((company: CompanyRecord) => buildCompanyBlocks(company, context)),
      },
    );
    this.schoolPrototype = Object.defineProperties(
      {},
      { profile: memoised((school: SchoolRecord) => buildSchoolProfile(school, context), refreshMeta) },
    );
    this.jobPrototype = Object.defineProperties(
      {},
      {
        profile: memoised((job: JobRecord) => buildJobProfile(job, context)),
        listEntry: memoised((job: JobRecord) => buildJobListEntry(job, context)),
      },
    );
  }

  person(facts: PersonFacts): PersonRecord {
    return Object.setPrototypeOf(facts, this.personPrototype) as PersonRecord;
  }

  company(facts: CompanyFacts): CompanyRecord {
    return Object.setPrototypeOf(facts, this.companyPrototype) as CompanyRecord;
  }

  school(facts: SchoolFacts): SchoolRecord {
    return Object.setPrototypeOf(facts, this.schoolPrototype) as SchoolRecord;
  }

  job(facts: JobFacts): JobRecord {
    return Object.setPrototypeOf(facts, this.jobPrototype) as JobRecord;
  }
}
