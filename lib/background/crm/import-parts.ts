/**
 * A CRM export arriving in parts (`crm.importPart`, then `crm.import`): Chrome refuses a message
 * larger than 64 MiB, and an export near its 100 MB limit is larger than that once it is JSON. The
 * parts are held here until the last, then the export is read and written once (./reference.ts), so
 * a half-sent import never replaces the reference kept.
 *
 * They are held in the worker's memory only. IndexedDB's stores are declared in lib/background/db.ts
 * and hold what is kept, and storage.session takes 10 MB, less than one export. The page sends the
 * parts one after the other, each answered before the next, so the worker stays awake while they
 * come; should it stop between two, the next part or the end is refused with CRM_IMPORT_LOST, and
 * the page sends the whole export again (entrypoints/lists/crm/send-reference.ts).
 */
import { CRM_REFERENCE_LIMITS } from '../../list-limits';
import {
  CRM_IMPORT_LOST,
  type CrmExport,
  type CrmIdentity,
  type CrmImportPart,
  type CrmImportRequest,
} from '../../protocol';

interface Assembly {
  importId: string;
  /** The parts received, by index. */
  parts: CrmIdentity[][];
  rows: number;
}

let assembly: Assembly | null = null;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Holds one part. A first part starts the import and replaces any other being sent; a later one
 * must follow the parts of the import being sent (a part sent again replaces itself).
 */
export function receivePart(part: CrmImportPart): { received: number } {
  if (part.index === 0) assembly = { importId: part.importId, parts: [], rows: 0 };
  const current = assembly;
  if (current === null || current.importId !== part.importId || part.index > current.parts.length) {
    throw new Error(`${CRM_IMPORT_LOST}: send it again.`);
  }
  const rows = current.rows - (current.parts[part.index]?.length ?? 0) + part.rows.length;
  if (rows > CRM_REFERENCE_LIMITS.rows) {
    assembly = null;
    throw new Error(
      `This CRM export has more than ${count(CRM_REFERENCE_LIMITS.rows)} rows: a CRM export can have at most ${count(CRM_REFERENCE_LIMITS.rows)}.`,
    );
  }
  current.parts[part.index] = part.rows;
  current.rows = rows;
  return { received: rows };
}

/** The export whose parts were all received, joined in order; the parts are let go either way. */
export function takeExport(request: CrmImportRequest): CrmExport {
  const current = assembly;
  if (current === null || current.importId !== request.importId) {
    throw new Error(`${CRM_IMPORT_LOST}: send it again.`);
  }
  assembly = null;
  if (current.parts.length !== request.parts || current.rows !== request.rows) {
    throw new Error(
      `${CRM_IMPORT_LOST}: ${count(current.rows)} of its ${count(request.rows)} rows arrived. Send it again.`,
    );
  }
  return { name: request.name, shape: request.shape, rows: current.parts.flat() };
}

/**
 * For tests: forget the parts, as a worker that starts afresh has none.
 * @internal
 */
export function forgetPartsForTests(): void {
  assembly = null;
}
