/**
 * Sending a CRM export to the background, in parts. Chrome refuses a message larger than 64 MiB
 * (its JSON), and an export near its 100 MB limit is larger than that once it is JSON; so its rows
 * go in parts of at most 8 MiB each (`crm.importPart`), then `crm.import` says they were all sent
 * and the background keeps the export whole, or nothing (lib/background/crm/import-parts.ts).
 *
 * The background holds the parts in its memory: should its worker stop between two, it says so
 * (CRM_IMPORT_LOST) and the export is sent once more from its first part, under a new import id.
 */
import type { Ask } from '@/lib/ask-background';
import { CRM_IMPORT_LOST, type CrmExport, type CrmIdentity, type CrmReferenceSummary } from '@/lib/protocol';

/** The most a part's message may be: an eighth of Chrome's limit, so no part comes near it. */
export const PART_BYTES = 8 * 1024 * 1024;

/** What a part's message holds beside its rows (its import id and index, the messenger's envelope). */
const ENVELOPE_BYTES = 1024;

/** A character JSON escapes (a control character, a quote, a backslash), or one beyond ASCII. */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/**
 * How many bytes a text takes in a message's JSON: a JSON string's quotes and escapes (quote,
 * backslash, control characters, a lone surrogate), the rest in UTF-8. Counted, not encoded: an
 * export's rows are measured one by one, and building each row's JSON to measure it is slower.
 */
function jsonStringBytes(text: string): number {
  // Most cells are plain ASCII with nothing to escape: one byte a character, and their quotes.
  if (!NOT_PLAIN.test(text)) return text.length + 2;
  let bytes = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += code === 0x22 || code === 0x5c ? 2 : code >= 0x20 ? 1 : 6;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 6;
  }
  return bytes;
}

/** How many bytes a row takes in a message's JSON (`{"email":"…","fullName":"…"}`), at most. */
function rowBytes(row: CrmIdentity): number {
  let bytes = 2;
  for (const [name, value] of Object.entries(row)) {
    // The name, its colon and the comma after it (one more than the last needs).
    if (typeof value === 'string') bytes += name.length + 4 + jsonStringBytes(value);
  }
  return bytes;
}

/** The rows in runs, in order, each run's message at most `partBytes` long as JSON. */
export function splitIntoParts(rows: readonly CrmIdentity[], partBytes = PART_BYTES): CrmIdentity[][] {
  const parts: CrmIdentity[][] = [];
  let part: CrmIdentity[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const row of rows) {
    // The row and the comma after it.
    const size = rowBytes(row) + 1;
    if (ENVELOPE_BYTES + size > partBytes) {
      // Not with the CRM limits: seven cells of at most 10,000 characters are far under a part.
      throw new Error(`A row of this CRM export is larger than ${partBytes} bytes: it cannot be sent.`);
    }
    if (bytes + size > partBytes) {
      parts.push(part);
      part = [];
      bytes = ENVELOPE_BYTES;
    }
    part.push(row);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

function wasLost(error: unknown): boolean {
  return (error instanceof Error ? error.message : String(error)).includes(CRM_IMPORT_LOST);
}

export interface SendOptions {
  /** The most a part's message may be (smaller in tests). */
  partBytes?: number;
  newImportId?: () => string;
}

/** Replaces the reference with this export, sent in parts; says what the background read. */
export async function sendReference(
  ask: Ask,
  reference: CrmExport,
  { partBytes = PART_BYTES, newImportId = () => crypto.randomUUID() }: SendOptions = {},
): Promise<CrmReferenceSummary> {
  const parts = splitIntoParts(reference.rows, partBytes);
  for (let attempt = 1; ; attempt++) {
    const importId = newImportId();
    try {
      for (const [index, rows] of parts.entries()) await ask('crm.importPart', { importId, index, rows });
      return await ask('crm.import', {
        importId,
        name: reference.name,
        shape: reference.shape,
        parts: parts.length,
        rows: reference.rows.length,
      });
    } catch (error) {
      if (!wasLost(error)) throw error;
      if (attempt >= 2) {
        throw new Error(
          'The CRM export did not reach the extension’s background whole: it restarted while the export was being sent, twice. Your CRM reference was not changed; keep the export again.',
        );
      }
    }
  }
}
