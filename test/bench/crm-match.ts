/**
 * "Already in your CRM" at volume. Not a timed test: it prints measured figures (aim: matching
 * 50,000 reference rows against a list of 10,000 in 1 s or less).
 *
 * A reference of 50,000 rows as CRM exports hold them (a third known by a profile URL, a third by
 * an email, a third by a name and company website, with accents and mixed case), and a list of
 * 10,000 rows of which half are in it (each by another of the three keys, written another way).
 * Timed: the index built (once per reference), the 10,000 rows matched against it, and the whole
 * way the background answers a page (`crm.match` on a fake IndexedDB: the record read, indexed,
 * matched), after the import.
 *
 *   npx tsx test/bench/crm-match.ts
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import {
  clearReference,
  forgetIndexForTests,
  importReference,
  matchReference,
} from '../../lib/background/crm/reference';
import { closeDbForTests, openDb } from '../../lib/background/db';
import { indexReference, matchRows } from '../../lib/matching/crm';
import type { CrmIdentity } from '../../lib/protocol';

const REFERENCE_ROWS = 50_000;
const LIST_ROWS = 10_000;
const FIRST = ['José', 'Zoë', 'Ada', 'Grace', 'Łukasz', 'Chloé', 'Mateo', 'Aiko'];
const LAST = ['Núñez García', 'Lovelace', 'Hopper', 'Brzęczyszczykiewicz', 'Dubois', 'O’Brien'];

function person(
  i: number,
): Required<Pick<CrmIdentity, 'profileUrl' | 'email' | 'fullName' | 'companyDomain'>> {
  return {
    profileUrl: `https://www.linkedin.com/in/member-${i}`,
    email: `member.${i}@company${i % 997}.com`,
    fullName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${i}`,
    companyDomain: `company${i % 997}.com`,
  };
}

/** The reference: each row known by one key only, as CRM exports often are. */
const reference: CrmIdentity[] = Array.from({ length: REFERENCE_ROWS }, (_, i) => {
  const p = person(i);
  if (i % 3 === 0) return { profileUrl: p.profileUrl, fullName: p.fullName };
  if (i % 3 === 1) return { email: p.email.toUpperCase(), fullName: p.fullName };
  return { fullName: p.fullName, companyDomain: `https://www.${p.companyDomain}/` };
});

/** The list: even rows are in the reference (written another way), odd rows are not. */
const list: CrmIdentity[] = Array.from({ length: LIST_ROWS }, (_, n) => {
  const i = n % 2 === 0 ? n * 3 + (n % 3) : REFERENCE_ROWS + n;
  const p = person(i);
  if (i % 3 === 0) return { profileUrl: `linkedin.com/in/MEMBER-${i}/`, email: `other${i}@x.org` };
  if (i % 3 === 1) return { email: p.email, fullName: 'Someone Else', companyDomain: 'x.org' };
  return {
    fullName: p.fullName.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase(),
    companyDomain: p.companyDomain,
  };
});

async function timedAsync<T>(what: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`${what}: ${(performance.now() - start).toFixed(0)} ms`);
  return result;
}

console.log(
  `CRM reference of ${REFERENCE_ROWS.toLocaleString('en-US')} rows, list of ${LIST_ROWS.toLocaleString('en-US')} rows`,
);
// Five rounds: the first pays the engine's warm-up; on a shared machine the best round is the figure.
let found = 0;
const rounds: number[] = [];
for (let round = 1; round <= 5; round++) {
  const start = performance.now();
  const index = indexReference(reference);
  const built = performance.now();
  found = matchRows(index, list).filter(Boolean).length;
  const done = performance.now();
  rounds.push(done - start);
  console.log(
    `round ${round}: index built ${(built - start).toFixed(0)} ms, ${LIST_ROWS.toLocaleString('en-US')} rows matched ${(done - built).toFixed(0)} ms, together ${(done - start).toFixed(0)} ms`,
  );
}
const sorted = [...rounds].sort((a, b) => a - b);
console.log(
  `index + match, 50,000 × 10,000: best ${sorted[0]!.toFixed(0)} ms, median ${sorted[2]!.toFixed(0)} ms (aim: 1,000 ms or less)`,
);
console.log(`in the reference: ${found} of ${LIST_ROWS} (expected ${LIST_ROWS / 2})`);
if (found !== LIST_ROWS / 2) process.exitCode = 1;

const db = await openDb();
await timedAsync('import (kept in IndexedDB, indexed)', () =>
  importReference(db, { name: 'bench.csv', shape: 'mapped', rows: reference }, Date.now()),
);
// A worker that started afresh: the record read and indexed before the first answer.
await closeDbForTests();
forgetIndexForTests();
const cold = await timedAsync('crm.match, 50,000 × 10,000, the whole way from IndexedDB (cold)', async () =>
  matchReference(await openDb(), list),
);
const warm = await timedAsync('crm.match again (index kept)', async () =>
  matchReference(await openDb(), list),
);
if (cold.matches.filter(Boolean).length !== found || warm.matches.filter(Boolean).length !== found)
  process.exitCode = 1;
await clearReference(await openDb());
await closeDbForTests();
