/**
 * What a kind of job gives the one job runner (./runner.ts), and what the runner reads and
 * writes of its jobs and rows: batches, lists and watch lists each give one `JobKind`.
 */
import type { EndpointId } from '../../api/endpoints';
import type { ApiErrorJson } from '../../api/errors';
import type { RunResult } from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import type { EnrichmentService } from '../service';

/** Where a call stands in the journal (../calls/journal.ts), as the runner reads it. */
export type RequestState = Awaited<ReturnType<JobRunnerDeps['service']['requestState']>>;

/** What the runner reads of a job. */
export interface JobHeader {
  id: string;
  /** `running` and `settling` are working (lib/job-summary.ts isWorking); anything else has ended. */
  status: string;
  cancelRequested: boolean;
  /** Left out by a kind that cannot pause. */
  pauseRequested?: boolean;
  /** Confirmed past today's budget, on that day (../budget.ts confirmedForToday). */
  confirmed?: boolean;
  confirmedOn?: number;
  /** Stop before a row that could take `spent` past this; null or left out: no cap. */
  cap?: number | null;
  /** Credits the job has spent so far (kept by its adapter with each row). */
  spent?: number;
  /** Why it stopped, or while it is running why it waits (ApiErrorJson). */
  stopReason?: unknown;
}

/** What the runner reads of a row: one request, asked under its own id. */
export interface JobRow {
  requestId: string;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  /** `refresh`: asked past the cache. Left out: cache-first. */
  policy?: 'cache-first' | 'refresh';
  /** Its price when it was queued: free when its answer was cached then. */
  quote: QuoteBounds;
  status: string;
}

/** What the runner writes to a row: where it stands and what it cost. */
export interface RowChange {
  status?: 'queued' | 'running' | 'done' | 'failed' | 'interrupted';
  credits?: number | null;
  cached?: boolean;
  /** ApiErrorJson */
  error?: unknown;
}

/** How a run of a job ends: every row asked, or Cancel, a stop rule, or Pause. */
export type JobEnd = 'done' | 'cancelled' | 'stopped' | 'paused';

/** A kind of job: what the runner needs to know of it. Batches and lists are two; a third is one more of these. */
export interface JobKind<Job extends JobHeader, Row extends JobRow> {
  /** What a warning calls it ("batch"). */
  name: string;
  /** The job as stored now; undefined once it is gone (deleted). */
  read(id: string): Promise<Job | undefined>;
  /** The ids of the jobs that are working: a worker that starts drives them. */
  working(): Promise<string[]>;
  /** Up to `count` rows to ask next, in their order: queued, and those a stopped worker left running. */
  next(job: Job, count: number): Promise<Row[]>;
  /** The rows whose answer was lost. */
  interrupted(job: Job): Promise<Row[]>;
  /**
   * Changes one row (and any totals the job keeps of its rows) in one transaction. Returns false
   * when the row is gone (its job deleted, a member removed): nothing was written.
   */
  write(jobId: string, row: Row, change: RowChange | Partial<Row>): Promise<boolean>;
  /** Every row was asked; the job waits for lost answers to settle. */
  markSettling(id: string): Promise<void>;
  /** What a row shows of its result, beyond where it stands and what it cost (its answer, in its words). */
  shows(row: Row, result: RunResult): Partial<Row>;
  /** Ends a run of the job: what becomes of its rows not asked is the kind's to say. */
  end(id: string, end: JobEnd, stopReason?: ApiErrorJson): Promise<void>;
  /**
   * Records why a running job waits (its page says so), or null once it goes on. A kind without it
   * waits all the same, unsaid.
   */
  waiting?(id: string, reason: ApiErrorJson | null): Promise<void>;
  /**
   * A row quoted free for its cached answer is asked from the cache only, and priced again once
   * its entry is gone, so that a cap holds (a kind with no cap asks it cache-first).
   */
  priceAsItLeaves: boolean;
  /**
   * As a row is about to leave: true when the kind answered it itself (written, nothing spent), so
   * that it is not asked. Left out: every row is asked.
   */
  answersItself?(job: Job, row: Row): Promise<boolean>;
  /** A row that was to leave has its outcome written, or went back to the queue. */
  rowSettled?(job: Job, row: Row): void;
}

export interface JobRunnerDeps {
  service: Pick<EnrichmentService, 'peekMany' | 'run' | 'requestState' | 'settleNow'> &
    Partial<Pick<EnrichmentService, 'budgetLeft'>>;
  now?: () => number;
  /** How long to wait between two readings while an interrupted row settles. */
  settlePollMs?: number;
  /** How long a waiting job waits before it looks again whether it may go on (./runner.ts WAIT_POLL_MS). */
  waitPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Rows asked at once: ./runner.ts JOB_CONCURRENCY, unless a test needs them one at a time (to stop a worker
   * with exactly one call in flight, whatever the load on the machine).
   */
  concurrency?: number;
}
