/**
 * Which stored records are about the subject (lib/background/forget/). Every record of every store
 * is read once into what it names; then, until nothing new is learned, each record that names them
 * (or shares a request id or cache key with one that does) is marked and says more of who they are.
 */
import type { StoreValue } from 'idb';
import type { ListColumnRole } from '../../protocol';
import type { EnrichmentDb } from '../db';
import { directFacts, emptyFacts, type Facts, factsOf, mergeFacts } from './facts';
import { addOrganisationIds, learnFromAnswer, learnObject, learnParams } from './learning';
import { addWords, type KnownSubject, named, namedStrictly, ONE_SUBJECT, sizeOf } from './subject';

/** The stores forget reads, each as all its records. */
export interface Stored {
  cache: StoreValue<EnrichmentDb, 'cache'>[];
  ledger: StoreValue<EnrichmentDb, 'ledger'>[];
  jobs: StoreValue<EnrichmentDb, 'jobs'>[];
  recent: StoreValue<EnrichmentDb, 'recent'>[];
  batches: StoreValue<EnrichmentDb, 'batches'>[];
  lists: StoreValue<EnrichmentDb, 'lists'>[];
  listRows: StoreValue<EnrichmentDb, 'listRows'>[];
  listRequests: StoreValue<EnrichmentDb, 'listRequests'>[];
}

/** Whether each record is about the subject, store by store in the order read (batches' items in turn). */
export interface Matched {
  cache: boolean[];
  ledger: boolean[];
  jobs: boolean[];
  recent: boolean[];
  items: boolean[];
  listRequests: boolean[];
  listRows: boolean[];
}

/**
 * One record of a store, as forget reads it: what all of it names (`facts`), what it names as a
 * whole about one subject (`about`: a lookup's request and answer, a list's row), the ids linking
 * it to other records, and what it says of the subject once it is known to be about them.
 */
interface Held {
  facts: Facts;
  about: Facts;
  requestIds: string[];
  cacheKeys: string[];
  /** Learns from the record, given whether it is about them as a whole. */
  learn: (whole: boolean) => void;
  matched: boolean;
}

const NONE = emptyFacts();

/** A row links to its list's request by the request's key within the list. */
export function rowRequestKey(row: { listId: string; key?: string }): string | null {
  return row.key === undefined ? null : `${row.listId} ${row.key}`;
}

function linked(held: Held, known: KnownSubject): boolean {
  return (
    held.requestIds.some((id) => known.requestIds.has(id)) ||
    held.cacheKeys.some((key) => known.cacheKeys.has(key))
  );
}

/** A row's cells by the role the list gave their columns, so a row reads as the request it makes. */
function rowByRole(cells: readonly string[], mapping: readonly ListColumnRole[] | undefined) {
  const byRole: Record<string, string> = {};
  cells.forEach((cell, column) => {
    const role = mapping?.[column];
    if (role && role !== 'ignore') byRole[role] = cell;
  });
  return byRole;
}

function holdCache(cache: Stored['cache'], known: KnownSubject): Held[] {
  return cache.map((entry) => {
    const oneSubject = ONE_SUBJECT[entry.endpointId] !== undefined;
    const data = entry.data && typeof entry.data === 'object' ? (entry.data as Record<string, unknown>) : {};
    return {
      facts: factsOf([entry.params, entry.data]),
      about: oneSubject ? mergeFacts(factsOf(entry.params), directFacts(data)) : NONE,
      requestIds: [],
      cacheKeys: [entry.key],
      learn: (whole) => {
        if (whole) {
          learnParams(entry.endpointId, entry.params, known);
          learnObject(data, known);
        }
        learnFromAnswer(entry.data, known);
      },
      matched: false,
    };
  });
}

function holdLedger(ledger: Stored['ledger'], known: KnownSubject): Held[] {
  return ledger.map((line) => {
    const facts = factsOf(line.summary);
    return {
      facts,
      about: facts,
      requestIds: [line.requestId],
      cacheKeys: [],
      learn: (whole) => {
        // "Kelsie Heaney · kheaney@douglas.ru": the answer's subject, then what was asked.
        const split = line.summary.indexOf(' · ');
        if (!whole || split <= 0) return;
        const subject = line.summary.slice(0, split);
        if (known.family === 'person') addWords(subject, known.names);
        // A company's name counts alone: learned only from a line that names it by its address.
        else if (known.family === 'organisation' && namedStrictly(facts, known))
          addWords(subject, known.alone);
      },
      matched: false,
    };
  });
}

function holdJobs(jobs: Stored['jobs'], known: KnownSubject): Held[] {
  return jobs.map((job) => {
    const facts = factsOf(job.params);
    return {
      facts,
      about: ONE_SUBJECT[job.endpointId] ? facts : NONE,
      requestIds: [job.id, ...(job.sameAs ? [job.sameAs] : [])],
      cacheKeys: job.cacheKey ? [job.cacheKey] : [],
      learn: () => learnParams(job.endpointId, job.params, known),
      matched: false,
    };
  });
}

function holdRecent(recent: Stored['recent'], known: KnownSubject): Held[] {
  return recent.map((entry) => {
    const facts = factsOf(entry.params);
    return {
      facts,
      about: ONE_SUBJECT[entry.endpointId] ? facts : NONE,
      requestIds: [],
      cacheKeys: [],
      learn: () => learnParams(entry.endpointId, entry.params, known),
      matched: false,
    };
  });
}

function holdBatchItems(batches: Stored['batches'], known: KnownSubject): Held[] {
  return batches.flatMap((batch) =>
    batch.items.map((item): Held => {
      const facts = factsOf(item);
      return {
        facts,
        about: ONE_SUBJECT[item.endpointId] ? facts : NONE,
        requestIds: [item.requestId],
        cacheKeys: [],
        learn: (whole) => {
          learnParams(item.endpointId, item.params, known);
          if (whole && item.answer && known.family === 'person') addWords(item.answer.title, known.names);
        },
        matched: false,
      };
    }),
  );
}

function holdListRequests(listRequests: Stored['listRequests'], known: KnownSubject): Held[] {
  return listRequests.map((request) => {
    const facts = factsOf([request.params, request.asked, request.enriched ?? null]);
    return {
      facts,
      about: ONE_SUBJECT[request.endpointId] ? facts : NONE,
      requestIds: [request.requestId],
      cacheKeys: [request.key],
      learn: (whole) => {
        learnParams(request.endpointId, request.params, known);
        if (whole && request.enriched) learnObject({ ...request.enriched }, known);
      },
      matched: false,
    };
  });
}

function holdListRows(stored: Stored, known: KnownSubject): Held[] {
  const mappings = new Map(stored.lists.map((list) => [list.id, list.mapping]));
  return stored.listRows.map((row) => {
    const byRole = rowByRole(row.cells, mappings.get(row.listId));
    const facts = mergeFacts(factsOf(byRole), factsOf(row.cells));
    return {
      facts,
      about: facts,
      requestIds: [],
      cacheKeys: [],
      learn: (whole) => {
        if (whole) learnObject(byRole, known);
        if (whole && byRole.full_name && known.family === 'person') addWords(byRole.full_name, known.names);
      },
      matched: false,
    };
  });
}

/** Marks every record about the subject, learning from each, until nothing new is learned. */
export function matchRecords(stored: Stored, known: KnownSubject): Matched {
  const learning = known.family !== null;
  const held = {
    cache: holdCache(stored.cache, known),
    ledger: holdLedger(stored.ledger, known),
    jobs: holdJobs(stored.jobs, known),
    recent: holdRecent(stored.recent, known),
    items: holdBatchItems(stored.batches, known),
    listRequests: holdListRequests(stored.listRequests, known),
    listRows: holdListRows(stored, known),
  };
  const all = Object.values(held).flat();
  const rowKeys = stored.listRows.map(rowRequestKey);
  const requestKeys = new Map(stored.listRequests.map((request, index) => [rowRequestKey(request), index]));

  // Until nothing new is learned: each record about them may say more of who they are.
  for (let size = -1; size !== sizeOf(known); ) {
    addOrganisationIds(known);
    size = sizeOf(known);
    for (const record of all) {
      const whole = named(record.about, known) || linked(record, known);
      if (!record.matched && !whole && !named(record.facts, known)) continue;
      record.matched = true;
      for (const id of record.requestIds) if (whole) known.requestIds.add(id);
      for (const key of record.cacheKeys) if (whole) known.cacheKeys.add(key);
      if (learning) record.learn(whole);
    }
    held.listRows.forEach((row, index) => {
      const key = rowKeys[index] ?? null;
      const request = key === null ? undefined : requestKeys.get(key);
      if (!row.matched && request !== undefined && held.listRequests[request]!.matched) {
        row.matched = true;
        if (learning) row.learn(true);
      }
    });
  }
  const flags = (records: Held[]) => records.map((record) => record.matched);
  return {
    cache: flags(held.cache),
    ledger: flags(held.ledger),
    jobs: flags(held.jobs),
    recent: flags(held.recent),
    items: flags(held.items),
    listRequests: flags(held.listRequests),
    listRows: flags(held.listRows),
  };
}
