// @vitest-environment node
/**
 * A CRM export reaches the background in parts, none near Chrome's 64 MiB message limit, and is
 * kept whole once the last has come: sent through the background's own routes, each message checked
 * by its schema as the router does, on a fake IndexedDB. A half-sent import never replaces the
 * reference kept; another import replaces a half-sent one; a worker that stopped between two parts
 * makes the page send the export again.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PART_BYTES,
  sendReference,
  splitIntoParts,
} from '../../../../../entrypoints/lists/crm/send-reference';
import type { Ask } from '../../../../../lib/ask-background';
import { forgetPartsForTests, receivePart, takeExport } from '../../../../../lib/background/crm/import-parts';
import { clearReference } from '../../../../../lib/background/crm/reference';
import { CRM_REFERENCE_KEY, closeDbForTests, openDb } from '../../../../../lib/background/db';
import { type MessageType, messageCheckers } from '../../../../../lib/background/messages';
import { registerCrmRoutes } from '../../../../../lib/background/routes/crm';
import type { Handle } from '../../../../../lib/background/routes/router';
import type { CrmExport, CrmIdentity } from '../../../../../lib/protocol';

const MiB = 1024 * 1024;

/** A message's size as Chrome measures it: its JSON, in UTF-8. */
const jsonBytes = (data: unknown) => Buffer.byteLength(JSON.stringify(data), 'utf8');

/**
 * Rows as a CRM export gives them, every one usable and trimmed (so the reference keeps each as
 * sent), with what JSON escapes (a quote, a backslash, a tab, a lone surrogate) and characters of
 * two, three and four bytes; `padding` characters more in each name.
 */
function rowsOf(count: number, padding = 0, pad = 'x'): CrmIdentity[] {
  const names = ['José', 'Zoë "Z" O\\Brien', '新田聡', 'Ада\tИва', 'Łukasz 🙂', 'Lone \ud83d surrogate'];
  return Array.from({ length: count }, (_, i) => ({
    profileUrl: `https://www.linkedin.com/in/member-${i}`,
    email: `member.${i}@company${i % 97}.com`,
    fullName: `${names[i % names.length]} Núñez ${i} ${pad.repeat(padding)}`.trim(),
    companyDomain: `company${i % 97}.com`,
  }));
}

type Sent = { type: MessageType; bytes: number };

/** The background's CRM routes behind an `ask`, each message checked by its schema; what was sent. */
function background(options: { beforeEach?: (type: MessageType, data: unknown) => void } = {}) {
  const routes = new Map<string, (data: unknown) => unknown>();
  registerCrmRoutes(
    ((type: MessageType, handler: (data: unknown) => unknown) =>
      routes.set(type, handler)) as unknown as Handle,
    openDb,
  );
  const sent: Sent[] = [];
  const ask = (async (type: MessageType, data: unknown) => {
    sent.push({ type, bytes: jsonBytes(data) });
    options.beforeEach?.(type, data);
    const parsed = messageCheckers[type].safeParse(data);
    if (!parsed.success) throw new Error(`Invalid "${type}" message: ${parsed.error.issues[0]?.message}`);
    return routes.get(type)!(parsed.data);
  }) as Ask;
  return { ask, sent };
}

async function keptRows() {
  return (await (await openDb()).get('crmReference', CRM_REFERENCE_KEY))?.rows;
}

const exportOf = (rows: CrmIdentity[], name = 'contacts.csv'): CrmExport => ({
  name,
  shape: 'hubspot-contacts',
  rows,
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetPartsForTests();
});
afterEach(async () => {
  await clearReference(await openDb());
  await closeDbForTests();
});

describe('sending a CRM export to the background', () => {
  it('sends an export many times a part’s size in parts within the limit, and it is kept whole and equal', async () => {
    const rows = rowsOf(3000);
    const partBytes = 16 * 1024;
    expect(jsonBytes(rows)).toBeGreaterThan(20 * partBytes);
    const { ask, sent } = background();
    const summary = await sendReference(ask, exportOf(rows), { partBytes });
    expect(summary).toMatchObject({ name: 'contacts.csv', read: 3000, usable: 3000, unusable: [] });
    expect(await keptRows()).toEqual(rows);
    const parts = sent.filter((message) => message.type === 'crm.importPart');
    expect(parts.length).toBeGreaterThan(20);
    for (const message of sent) expect(message.bytes).toBeLessThanOrEqual(partBytes);
  });

  it('splits an export of more than 64 MiB into parts of at most 8 MiB that join into it', () => {
    // 8,500 rows of 4,200 two-byte characters: 71 MB as JSON.
    const rows = rowsOf(8_500, 4_200, 'Ω');
    const parts = splitIntoParts(rows);
    let whole = 0;
    for (const part of parts) {
      const bytes = jsonBytes({ importId: crypto.randomUUID(), index: parts.length, rows: part });
      expect(bytes).toBeLessThanOrEqual(PART_BYTES);
      whole += bytes;
    }
    expect(whole).toBeGreaterThan(64 * MiB);
    // Each part near full: as few messages as the size needs.
    expect(parts.length).toBeLessThanOrEqual(Math.ceil(whole / (PART_BYTES - 64 * 1024)));
    // The background's assembly, fed the parts through their schema, gives the export back as it was.
    const importId = 'import-1';
    parts.forEach((part, index) => {
      receivePart(messageCheckers['crm.importPart'].parse({ importId, index, rows: part }));
    });
    const request = {
      importId,
      name: 'big.csv',
      shape: 'mapped' as const,
      parts: parts.length,
      rows: rows.length,
    };
    expect(takeExport(messageCheckers['crm.import'].parse(request)).rows).toEqual(rows);
  });

  it('never lets a half-sent import replace the reference kept', async () => {
    const { ask } = background();
    const first = rowsOf(50);
    await sendReference(ask, exportOf(first), { partBytes: 2048 });
    // The next import's page is closed after its second part: its end never comes.
    const closing = background({
      beforeEach: (type, data) => {
        if (type === 'crm.importPart' && (data as { index: number }).index === 2)
          throw new Error('page closed');
      },
    });
    await expect(sendReference(closing.ask, exportOf(rowsOf(60, 10)), { partBytes: 2048 })).rejects.toThrow(
      'page closed',
    );
    expect(await keptRows()).toEqual(first);
    // The end of an import whose parts did not all come changes nothing either.
    await ask('crm.importPart', { importId: 'half', index: 0, rows: rowsOf(5) });
    await expect(
      ask('crm.import', { importId: 'half', name: 'half.csv', shape: 'mapped', parts: 2, rows: 10 }),
    ).rejects.toThrow('5 of its 10 rows arrived');
    expect(await keptRows()).toEqual(first);
  });

  it('replaces a half-sent import with one started again, and refuses the end of the one replaced', async () => {
    const { ask } = background();
    await ask('crm.importPart', { importId: 'old', index: 0, rows: rowsOf(3) });
    const again = rowsOf(40);
    let ids = 0;
    await sendReference(ask, exportOf(again), { partBytes: 2048, newImportId: () => `new-${++ids}` });
    expect(await keptRows()).toEqual(again);
    await expect(ask('crm.importPart', { importId: 'old', index: 1, rows: rowsOf(3) })).rejects.toThrow(
      'The CRM export being sent was lost by the background',
    );
    await expect(
      ask('crm.import', { importId: 'old', name: 'old.csv', shape: 'mapped', parts: 1, rows: 3 }),
    ).rejects.toThrow('The CRM export being sent was lost by the background');
    expect(await keptRows()).toEqual(again);
  });

  it('sends the export again when the worker stopped between two parts, and says so if it stops again', async () => {
    let stops = 1;
    const stopping = background({
      beforeEach: (type, data) => {
        // A new worker holds none of the parts the last one received.
        if (type === 'crm.importPart' && (data as { index: number }).index === 3 && stops-- > 0)
          forgetPartsForTests();
      },
    });
    const rows = rowsOf(60);
    await sendReference(stopping.ask, exportOf(rows), { partBytes: 2048 });
    expect(await keptRows()).toEqual(rows);
    const firsts = stopping.sent.filter((message) => message.type === 'crm.importPart').length;
    expect(firsts).toBeGreaterThan(splitIntoParts(rows, 2048).length);

    stops = 2;
    await expect(sendReference(stopping.ask, exportOf(rowsOf(70, 5)), { partBytes: 2048 })).rejects.toThrow(
      'it restarted while the export was being sent, twice. Your CRM reference was not changed; keep the export again.',
    );
    expect(await keptRows()).toEqual(rows);
  });

  it('refuses a part that is not one at the border', async () => {
    const { ask } = background();
    const bad = (data: unknown) => ask('crm.importPart', data as never);
    await expect(bad({ importId: 'x', index: -1, rows: rowsOf(1) })).rejects.toThrow(
      'Invalid "crm.importPart"',
    );
    await expect(bad({ importId: '', index: 0, rows: rowsOf(1) })).rejects.toThrow(
      'Invalid "crm.importPart"',
    );
    await expect(bad({ importId: 'x', index: 0, rows: [] })).rejects.toThrow('Invalid "crm.importPart"');
    await expect(bad({ importId: 'x', index: 0, rows: [{ email: 'x'.repeat(10_001) }] })).rejects.toThrow(
      'Invalid "crm.importPart"',
    );
  });
});
