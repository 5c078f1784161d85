/**
 * How a job of many requests (a batch from a page, a list from a file) reads on both sides: whether
 * it is still at work, what its requests cost together, and a one-line reading of a row's answer.
 * The background runs the jobs (lib/background/batch/batches.ts, lib/background/lists/lists.ts); the
 * panel and the lists page import this to show them. Plain data, no zod.
 */
import type { EndpointId } from './api/ids';
import type { AnswerLine, Quote } from './protocol';
import type { QuoteBounds } from './quote-format';

/**
 * A batch or a list still at work: running, or settling what a stopped worker left. Such a job is
 * resumed when a worker starts, and kept by Clear history and retention.
 */
export function isWorking(status: string): boolean {
  return status === 'running' || status === 'settling';
}

/**
 * Errors after which no row of a job can succeed for now, though one may later: the member's budget
 * at the team hub is spent, or the connection was refused before anything was sent. The job waits,
 * running, with its rows kept (lib/background/jobs/runner.ts), and its `stopReason` says why.
 */
export const WAITING_KINDS: ReadonlySet<string> = new Set(['member-budget', 'unreachable']);

/** Whether a job's recorded reason says it waits (WAITING_KINDS) rather than stopped. */
export function isWaitReason(reason: unknown): reason is { kind: string; message: string } {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    WAITING_KINDS.has((reason as { kind?: unknown }).kind as string)
  );
}

/** What several requests cost together: bounds add up; an unpublished cost leaves the top open. */
export function sumQuotes(quotes: readonly QuoteBounds[]): Quote {
  let min = 0;
  let max: number | null = 0;
  let published = 0;
  let unpublished = 0;
  for (const quote of quotes) {
    if (quote.min === null) {
      unpublished += 1;
      max = null;
      continue;
    }
    published += 1;
    min += quote.min;
    max = max === null || quote.max === null ? null : max + quote.max;
  }
  const lines = [`${quotes.length} ${quotes.length === 1 ? 'request' : 'requests'}`];
  if (unpublished > 0) lines.push(`${unpublished} of them at a cost not published`);
  if (published === 0 && unpublished > 0) return { min: null, max: null, lines };
  return { min, max, lines };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function line(title: string | undefined, detail: string | undefined): AnswerLine | null {
  if (!title) return null;
  return detail ? { title, detail } : { title };
}

/**
 * A one-line reading of an answer for a row: who or what it is and a detail. Read by field names
 * alone (the background validated the answer): a field of another type is left out, not shown.
 */
export function answerLine(endpointId: EndpointId, data: unknown): AnswerLine | null {
  switch (endpointId) {
    case 'person.profile': {
      const name =
        text(field(data, 'full_name')) ??
        [text(field(data, 'first_name')), text(field(data, 'last_name'))].filter(Boolean).join(' ');
      return line(name || undefined, text(field(data, 'headline')) ?? text(field(data, 'occupation')));
    }
    case 'person.v3':
      return line(
        text(field(data, 'fullName')),
        text(field(data, 'headline')) ?? text(field(data, 'jobTitle')),
      );
    case 'company.profile':
    case 'school.profile':
      return line(text(field(data, 'name')), text(field(data, 'industry')) ?? text(field(data, 'tagline')));
    case 'job.profile':
      return line(text(field(data, 'title')), text(field(field(data, 'company'), 'name')));
    case 'email.lookup':
    case 'company.lookup': {
      if (data === null) return { title: 'No match found' };
      const profile = field(data, 'profile');
      const name = text(field(profile, 'full_name')) ?? text(field(profile, 'name'));
      const url = text(field(data, 'url'));
      if (!name && !url) return { title: 'No match found' };
      return line(name ?? url, name ? url : undefined);
    }
    case 'company.logo': {
      if (!Array.isArray(data) || data.length === 0) return { title: 'No logo found' };
      const first = data[0];
      return line(
        text(field(first, 'companyName')) ?? text(field(field(first, 'domain'), 'resolved')),
        data.length > 1 ? `${data.length} matches` : text(field(field(first, 'domain'), 'resolved')),
      );
    }
    default:
      return null;
  }
}
