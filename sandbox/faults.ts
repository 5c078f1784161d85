/**
 * Injected faults, so tests can see the client fail well. Every fault is deterministic: the same
 * requests in the same order fail the same way.
 *
 * A fault plan is a comma list, the same grammar wherever it is given:
 * - `latency=<ms>`: wait that long before answering;
 * - `500` or `500=<rate>`, `503` or `503=<rate>`: answer that error (nothing charged) for a share of
 *   the requests; the rate is a fraction (default 1, every request). With rate r the n-th request of
 *   a key carrying that fault fails when floor(n*r) > floor((n-1)*r): `503=0.5` fails the 2nd, 4th, …;
 * - `truncate`: cut the body in the middle (a streamed answer stops after half of its results);
 * - `schema`: an answer that breaks the schema: every non-null top-level value gets a wrong type (a
 *   streamed answer breaks each result that way). Truncated and broken answers are charged, as the
 *   provider charges an answer it produced even when the transport spoils it.
 *
 * Chosen per key (`SANDBOX_KEY_FAULTS`, e.g. `flaky=503=0.5;slow=latency=400`) or per request with
 * the `X-Sandbox-Fault` header, which replaces the key's plan for that request.
 */

export const FAULT_HEADER = 'x-sandbox-fault';

export interface FaultPlan {
  latencyMs: number;
  /** Share of requests answered 500, then 503; each in [0, 1]. */
  rate500: number;
  rate503: number;
  truncate: boolean;
  breakSchema: boolean;
}

export const NO_FAULTS: FaultPlan = {
  latencyMs: 0,
  rate500: 0,
  rate503: 0,
  truncate: false,
  breakSchema: false,
};

/** Parses a fault plan; throws naming the bad item. */
export function parseFaultPlan(spec: string): FaultPlan {
  const plan = { ...NO_FAULTS };
  for (const item of spec.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    const [name, value] = item.split('=', 2) as [string, string | undefined];
    switch (name) {
      case 'latency':
        plan.latencyMs = parseNumber(item, value, 0, 60_000);
        break;
      case '500':
        plan.rate500 = value === undefined ? 1 : parseNumber(item, value, 0, 1);
        break;
      case '503':
        plan.rate503 = value === undefined ? 1 : parseNumber(item, value, 0, 1);
        break;
      case 'truncate':
        plan.truncate = true;
        break;
      case 'schema':
        plan.breakSchema = true;
        break;
      default:
        throw new Error(
          `unknown fault "${item}" (known: latency=<ms>, 500[=rate], 503[=rate], truncate, schema)`,
        );
    }
  }
  return plan;
}

function parseNumber(item: string, value: string | undefined, min: number, max: number): number {
  const number = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(number) || number < min || number > max) {
    throw new Error(`fault "${item}" needs a number from ${min} to ${max}`);
  }
  return number;
}

/** `key=plan;key=plan` (plans hold commas, so keys are separated by semicolons). */
export function parseKeyFaults(spec: string): Map<string, FaultPlan> {
  const byKey = new Map<string, FaultPlan>();
  for (const entry of spec.split(';').map((part) => part.trim())) {
    if (entry === '') continue;
    const separator = entry.indexOf('=');
    if (separator <= 0) throw new Error(`SANDBOX_KEY_FAULTS entry "${entry}" is not key=faults`);
    byKey.set(entry.slice(0, separator), parseFaultPlan(entry.slice(separator + 1)));
  }
  return byKey;
}

/** Counts, per key and status, the requests that carried a status fault: the "n" of the rate rule. */
export class FaultCounters {
  private readonly counts = new Map<string, number>();

  /** The status to answer instead of the real answer, if this request is one that fails. */
  injectedStatus(key: string, plan: FaultPlan): 500 | 503 | undefined {
    for (const [status, rate] of [
      [500, plan.rate500],
      [503, plan.rate503],
    ] as const) {
      if (rate <= 0) continue;
      const counter = `${key} ${status}`;
      const n = (this.counts.get(counter) ?? 0) + 1;
      this.counts.set(counter, n);
      if (Math.floor(n * rate) > Math.floor((n - 1) * rate)) return status;
    }
    return undefined;
  }

  reset(): void {
    this.counts.clear();
  }
}

/** The first half of a body: what a client sees when the connection drops mid-answer. */
export function truncateBody(body: string): string {
  return body.slice(0, Math.floor(body.length / 2));
}

/**
 * A value of the same answer with the wrong types: each non-null top-level value of an object is
 * swapped for a value of another JSON type (string ↔ number, array → object, object → string,
 * boolean → string). A value with nothing to swap (an array, or an object of nulls) becomes a bare
 * string, which no answer schema accepts in place of an array or an object.
 */
export function breakSchema(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value).map(([key, field]) => [key, wrongType(field)] as const);
    if (entries.some(([, field]) => field !== null)) return Object.fromEntries(entries);
  }
  return 'sandbox fault: not the answer';
}

function wrongType(value: unknown): unknown {
  if (value === null) return null;
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'not a boolean';
  if (Array.isArray(value)) return { not: 'an array' };
  return 'not an object';
}

/** Waits `ms` (a fault's added latency). */
export function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
