// @vitest-environment node
/**
 * The one job runner (lib/background/jobs/runner.ts) with a tiny kind of job kept in memory and a
 * stand-in service that journals each request id as the real one does (an id asked again is
 * answered from its record, never charged again): it stops at a cap, at today's budget, on Pause
 * and on Cancel letting the calls in flight finish, settles a lost answer without paying it twice,
 * and a job whose worker stopped half-way finishes in the next worker, each request paid once.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorJson } from '../../../../../lib/api/errors';
import {
  createJobRunner,
  JOB_CONCURRENCY,
  type JobHeader,
  type JobKind,
  type JobRow,
} from '../../../../../lib/background/jobs/runner';
import { startOfDay } from '../../../../../lib/background/ledger';
import type { InterruptedCall, RunResult, SpendTotals } from '../../../../../lib/protocol';

const PRICE = 2;
const TOTALS: SpendTotals = { today: 0, month: 0, dailyBudget: null, remainingToday: null, balance: null };

interface Row extends JobRow {
  status: 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';
  credits?: number | null;
  shown?: string;
  error?: unknown;
}

interface Job extends JobHeader {
  status: 'running' | 'settling' | 'paused' | 'done' | 'cancelled' | 'stopped';
  spent: number;
  stopReason?: ApiErrorJson;
  rows: Row[];
}

/** A kind of job whose jobs and rows are kept in memory (read back as copies, as IndexedDB does). */
function memoryKind() {
  const jobs = new Map<string, Job>();
  /** How many times the runner read the queue. */
  let queueReads = 0;
  const kind: JobKind<Job, Row> = {
    name: 'test job',
    read: async (id) => structuredClone(jobs.get(id)),
    working: async () =>
      [...jobs.values()].filter((job) => ['running', 'settling'].includes(job.status)).map((job) => job.id),
    next: async (job, count) => {
      queueReads += 1;
      return structuredClone(
        job.rows.filter((row) => row.status === 'queued' || row.status === 'running').slice(0, count),
      );
    },
    interrupted: async (job) => job.rows.filter((row) => row.status === 'interrupted'),
    async write(id, row, change: Partial<Row>) {
      const job = jobs.get(id)!;
      const stored = job.rows.find((each) => each.requestId === row.requestId);
      if (!stored) return false;
      Object.assign(stored, change);
      job.spent = job.rows.reduce((sum, each) => sum + (each.credits ?? 0), 0);
      return true;
    },
    async markSettling(id) {
      jobs.get(id)!.status = 'settling';
    },
    shows: (_row, result) => (result.status === 'answer' ? { shown: String(result.data) } : {}),
    async end(id, end, stopReason) {
      const job = jobs.get(id)!;
      job.status = end;
      if (stopReason) job.stopReason = stopReason;
      if (end === 'cancelled')
        for (const row of job.rows) if (row.status === 'queued') row.status = 'cancelled';
    },
    priceAsItLeaves: false,
  };
  function add(count: number, header: Partial<Job> = {}): Job {
    const id = `job-${jobs.size + 1}`;
    const job: Job = {
      id,
      status: 'running',
      cancelRequested: false,
      pauseRequested: false,
      spent: 0,
      rows: Array.from({ length: count }, (_, index) => ({
        requestId: `${id}-row-${index}`,
        endpointId: 'person.profile',
        params: { profile_url: `linkedin.com/in/person-${index}` },
        quote: { min: PRICE, max: PRICE },
        status: 'queued',
      })),
      ...header,
    };
    jobs.set(id, job);
    return job;
  }
  const statuses = (id: string) => jobs.get(id)!.rows.map((row) => row.status);
  return { kind, jobs, add, statuses, queueReads: () => queueReads };
}

interface Journaled {
  status: 'pending' | 'done' | 'interrupted';
  charged: number;
  /** For a lost answer: whether the balance has told what it cost. */
  settled?: boolean;
}

/**
 * What the service and the provider hold across workers: the journal of request ids and the
 * charges. A request id asked again is answered from its record, as lib/background/service.ts does.
 */
function createBackend({ budget = null as number | null } = {}) {
  const journal = new Map<string, Journaled>();
  /** Every request id that left for the provider, in order. */
  const sent: string[] = [];
  const charged = () => [...journal.values()].reduce((sum, call) => sum + call.charged, 0);

  /** A worker's service. `holdAnswers`: answers wait for `release()`; `stopped`: they never come. */
  function worker({ holdAnswers = false } = {}) {
    let stopped = false;
    let release: () => void = () => {};
    const released = holdAnswers ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();

    const lost = (requestId: string, call: Journaled): InterruptedCall => ({
      requestId,
      endpointId: 'person.profile',
      reason: 'worker',
      credits: call.settled ? call.charged : null,
      range: { min: call.settled ? call.charged : 0, max: call.settled ? call.charged : PRICE },
      settled: call.settled ?? false,
      quote: { min: PRICE, max: PRICE, lines: [] },
      at: 0,
    });
    const resumable = (call: Journaled) =>
      call.status === 'interrupted' && call.settled === true && call.charged === 0;

    /** Every request id this worker's service was asked, sent or answered from its record. */
    const asked: string[] = [];
    const service = {
      async run(req: {
        requestId: string;
        confirmed?: boolean;
        signal?: AbortSignal;
        ownerId?: string;
      }): Promise<RunResult> {
        asked.push(req.requestId);
        const known = journal.get(req.requestId);
        if (known?.status === 'done')
          return {
            status: 'answer-gone',
            credits: known.charged,
            at: 0,
            quote: { min: PRICE, max: PRICE, lines: [] },
            totals: TOTALS,
          };
        if (known?.status === 'interrupted' && !resumable(known))
          return { status: 'interrupted', interrupted: lost(req.requestId, known), totals: TOTALS };
        if (req.signal?.aborted)
          return {
            status: 'error',
            error: { name: 'ApiError', kind: 'aborted', message: 'Gave up its turn' },
          };
        if (budget !== null && !req.confirmed && charged() + PRICE > budget)
          return {
            status: 'needs-confirmation',
            quote: { min: PRICE, max: PRICE, lines: [] },
            remaining: budget - charged(),
          };
        // It leaves: the provider charges it.
        const call: Journaled = { status: 'pending', charged: PRICE };
        journal.set(req.requestId, call);
        sent.push(req.requestId);
        await released;
        if (stopped) return new Promise<RunResult>(() => {});
        call.status = 'done';
        return {
          status: 'answer',
          data: `answer to ${req.requestId}`,
          cached: false,
          fetchedAt: 0,
          ageMs: 0,
          stale: false,
          credits: PRICE,
          totals: TOTALS,
        };
      },
      async requestState(requestId: string) {
        const call = journal.get(requestId);
        if (!call) return { state: 'none' as const };
        if (call.status === 'pending') return { state: stopped ? ('none' as const) : ('in-flight' as const) };
        if (call.status === 'done') return { state: 'done' as const, credits: call.charged };
        return {
          state: 'interrupted' as const,
          interrupted: lost(requestId, call),
          resumable: resumable(call),
        };
      },
      settleNow: async () => {},
      peekMany: async () => ({ rows: [], remainingToday: null }),
    };
    return {
      service,
      asked,
      release: () => release(),
      /** MV3 stops the worker: the answers in flight never arrive. */
      stop() {
        stopped = true;
        release();
      },
    };
  }

  /**
   * A new worker accounts for the calls the stopped one left in flight: each was charged or not
   * (the provider's choice); `settled: false` while the balance cannot tell yet.
   */
  function accountForLost(charged: (requestId: string) => boolean, settled = true) {
    for (const [requestId, call] of journal) {
      if (call.status !== 'pending') continue;
      Object.assign(call, { status: 'interrupted', charged: charged(requestId) ? PRICE : 0, settled });
    }
  }

  return { journal, sent, charged, worker, accountForLost };
}

function runnerOf(
  kind: JobKind<Job, Row>,
  service: ReturnType<ReturnType<typeof createBackend>['worker']>['service'],
) {
  return createJobRunner(kind, { service, settlePollMs: 0, sleep: async () => {} });
}

/** Resolves once `check` holds (the runner works in the background). */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 500) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * A job of more rows than go at once, Pause or Cancel pressed while the first ones are in flight
 * (as the routes do: the job says so, then the runner holds it); then their answers come.
 */
async function pressedWithCallsInFlight(pressed: 'pauseRequested' | 'cancelRequested') {
  const memory = memoryKind();
  const backend = createBackend();
  const worker = backend.worker({ holdAnswers: true });
  const runner = runnerOf(memory.kind, worker.service);
  const job = memory.add(JOB_CONCURRENCY + 4);
  runner.drive(job.id);
  await until(() => backend.sent.length === JOB_CONCURRENCY);
  memory.jobs.get(job.id)![pressed] = true;
  runner.hold(job.id);
  worker.release();
  await runner.settled(job.id);
  return { memory, backend, runner, job };
}

describe('the job runner', () => {
  it('asks every row once, several at once, and ends done with what each showed', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const runner = runnerOf(memory.kind, backend.worker().service);
    const job = memory.add(JOB_CONCURRENCY + 4);
    runner.drive(job.id);
    await runner.settled(job.id);
    const done = memory.jobs.get(job.id)!;
    expect(done.status).toBe('done');
    expect(
      done.rows.every((row) => row.status === 'done' && row.shown === `answer to ${row.requestId}`),
    ).toBe(true);
    expect(done.spent).toBe((JOB_CONCURRENCY + 4) * PRICE);
    expect(new Set(backend.sent).size).toBe(backend.sent.length);
    expect(backend.charged()).toBe((JOB_CONCURRENCY + 4) * PRICE);
  });

  it('reads a long queue in groups, not again after every answer', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const runner = runnerOf(memory.kind, backend.worker().service);
    const job = memory.add(200);
    runner.drive(job.id);
    await runner.settled(job.id);
    expect(memory.statuses(job.id).every((status) => status === 'done')).toBe(true);
    expect(backend.charged()).toBe(200 * PRICE);
    // A read after each answer would be 200 and more; in groups of 64 it is a handful, and the
    // last rows' answers each read what is left (JOB_CONCURRENCY at most).
    expect(memory.queueReads()).toBeLessThan(40);
  });

  it('never asks a row removed after the queue was read (a member taken out of a watch)', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const worker = backend.worker({ holdAnswers: true });
    const runner = runnerOf(memory.kind, worker.service);
    const job = memory.add(JOB_CONCURRENCY + 4);
    runner.drive(job.id);
    await until(() => backend.sent.length === JOB_CONCURRENCY);
    // The last four were read with the first ones, and are removed before their turn.
    const removed = memory.jobs
      .get(job.id)!
      .rows.splice(JOB_CONCURRENCY, 4)
      .map((row) => row.requestId);
    worker.release();
    await runner.settled(job.id);
    expect(memory.jobs.get(job.id)!.status).toBe('done');
    expect(backend.sent).toHaveLength(JOB_CONCURRENCY);
    expect(backend.sent.some((id) => removed.includes(id))).toBe(false);
    expect(backend.charged()).toBe(JOB_CONCURRENCY * PRICE);
  });

  it('stops at the cap before a row that could pass it, counting the calls in flight', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const runner = runnerOf(memory.kind, backend.worker().service);
    const job = memory.add(6, { cap: 5 });
    runner.drive(job.id);
    await runner.settled(job.id);
    const stopped = memory.jobs.get(job.id)!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.stopReason?.message).toBe('Stopped at your cap of 5 credits');
    expect(memory.statuses(job.id)).toEqual(['done', 'done', 'queued', 'queued', 'queued', 'queued']);
    expect(stopped.spent).toBe(4);
    expect(backend.charged()).toBe(4);
  });

  it("stops at today's budget, the rows not asked left queued at no cost; confirmed today, it goes past it", async () => {
    const memory = memoryKind();
    const backend = createBackend({ budget: 6 });
    const runner = runnerOf(memory.kind, backend.worker().service);
    const job = memory.add(5);
    runner.drive(job.id);
    await runner.settled(job.id);
    const stopped = memory.jobs.get(job.id)!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.stopReason).toMatchObject({
      kind: 'budget',
      message: "Stopped at today's budget: 0 credits left",
    });
    expect(memory.statuses(job.id).filter((status) => status === 'done')).toHaveLength(3);
    expect(memory.statuses(job.id).filter((status) => status === 'queued')).toHaveLength(2);
    expect(backend.charged()).toBe(6);

    // Confirmed past the budget on another day: it stops again. Confirmed today: it finishes.
    Object.assign(memory.jobs.get(job.id)!, {
      status: 'running',
      confirmed: true,
      confirmedOn: startOfDay(Date.now()) - 86_400_000,
    });
    runner.drive(job.id);
    await runner.settled(job.id);
    expect(memory.jobs.get(job.id)!.status).toBe('stopped');
    Object.assign(memory.jobs.get(job.id)!, { status: 'running', confirmedOn: startOfDay(Date.now()) });
    runner.drive(job.id);
    await runner.settled(job.id);
    expect(memory.jobs.get(job.id)!.status).toBe('done');
    expect(backend.charged()).toBe(10);
  });

  it('pauses (the calls in flight finish and are paid, the rest wait), then resumes where it was', async () => {
    const { memory, backend, runner, job } = await pressedWithCallsInFlight('pauseRequested');
    const paused = memory.jobs.get(job.id)!;
    expect(paused.status).toBe('paused');
    expect(memory.statuses(job.id).filter((status) => status === 'done')).toHaveLength(JOB_CONCURRENCY);
    expect(memory.statuses(job.id).filter((status) => status === 'queued')).toHaveLength(4);
    expect(backend.sent).toHaveLength(JOB_CONCURRENCY);

    Object.assign(paused, { status: 'running', pauseRequested: false });
    runner.restart(job.id);
    await until(() => memory.jobs.get(job.id)!.status === 'done');
    expect(backend.sent).toHaveLength(JOB_CONCURRENCY + 4);
    expect(new Set(backend.sent).size).toBe(JOB_CONCURRENCY + 4);
    expect(backend.charged()).toBe((JOB_CONCURRENCY + 4) * PRICE);
  });

  it('cancels: the calls in flight finish and are paid, the rows not asked are never sent', async () => {
    const { memory, backend, job } = await pressedWithCallsInFlight('cancelRequested');
    const cancelled = memory.jobs.get(job.id)!;
    expect(cancelled.status).toBe('cancelled');
    expect(memory.statuses(job.id).filter((status) => status === 'cancelled')).toHaveLength(4);
    expect(cancelled.spent).toBe(JOB_CONCURRENCY * PRICE);
    expect(backend.charged()).toBe(JOB_CONCURRENCY * PRICE);
    expect(backend.sent).toHaveLength(JOB_CONCURRENCY);
  });

  it('settles a lost answer by the balance, never sending it again, and sends again one certainly not charged', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const job = memory.add(2);
    // The first worker sent both rows and stopped before either answer came.
    const first = backend.worker({ holdAnswers: true });
    runnerOf(memory.kind, first.service).drive(job.id);
    await until(() => backend.sent.length === 2);
    first.stop();
    // Row 0 was charged; row 1 was certainly not. The balance has not told yet.
    const [charged, notCharged] = job.rows.map((row) => row.requestId) as [string, string];
    backend.accountForLost((requestId) => requestId === charged, false);

    const second = backend.worker();
    const runner = runnerOf(memory.kind, second.service);
    let readings = 0;
    const requestState = second.service.requestState;
    second.service.requestState = async (requestId) => {
      // The balance tells from the third reading on.
      if (++readings >= 3) for (const call of backend.journal.values()) call.settled = true;
      return requestState(requestId);
    };
    runner.drive(job.id);
    await runner.settled(job.id);
    const done = memory.jobs.get(job.id)!;
    expect(done.status).toBe('done');
    expect(done.rows[0]).toMatchObject({ status: 'interrupted', credits: PRICE });
    expect(done.rows[1]).toMatchObject({ status: 'done', credits: PRICE });
    // Each request id left once while it could have been charged; the one not charged went again once.
    expect(backend.sent.filter((id) => id === charged)).toHaveLength(1);
    expect(backend.sent.filter((id) => id === notCharged)).toHaveLength(2);
    // The next worker asked the charged one once (it was left running), then only read the balance.
    expect(second.asked.filter((id) => id === charged)).toHaveLength(1);
    expect(backend.charged()).toBe(2 * PRICE);
    expect(done.spent).toBe(2 * PRICE);
  });

  it('resumes after the worker stops: the next worker finishes the job, each row paid once', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const job = memory.add(JOB_CONCURRENCY + 4);
    const first = backend.worker({ holdAnswers: true });
    runnerOf(memory.kind, first.service).drive(job.id);
    await until(() => backend.sent.length === JOB_CONCURRENCY);
    first.stop();
    // The provider charged every other call it had; the rest were never charged.
    backend.accountForLost((requestId) => Number(requestId.split('-').at(-1)) % 2 === 0);
    expect(memory.statuses(job.id).filter((status) => status === 'running')).toHaveLength(JOB_CONCURRENCY);

    const second = backend.worker();
    const runner = runnerOf(memory.kind, second.service);
    expect(await runner.resume()).toBe(1);
    await runner.settled(job.id);
    const done = memory.jobs.get(job.id)!;
    expect(done.status).toBe('done');
    const lost = done.rows.filter((row) => row.status === 'interrupted');
    expect(lost).toHaveLength(JOB_CONCURRENCY / 2);
    expect(lost.every((row) => row.credits === PRICE)).toBe(true);
    // A lost row charged was asked once by the next worker (it was left running), never sent again.
    expect(lost.every((row) => second.asked.filter((id) => id === row.requestId).length === 1)).toBe(true);
    expect(lost.every((row) => backend.sent.filter((id) => id === row.requestId).length === 1)).toBe(true);
    expect(done.rows.filter((row) => row.status === 'done')).toHaveLength(JOB_CONCURRENCY / 2 + 4);
    // Every row cost its price once: none charged twice, none left unpaid.
    expect(backend.charged()).toBe((JOB_CONCURRENCY + 4) * PRICE);
    expect(done.spent).toBe((JOB_CONCURRENCY + 4) * PRICE);
    expect(await runner.resume()).toBe(0);
  });

  it('a row answered and paid whose answer left the cache is done, and never sent again', async () => {
    const memory = memoryKind();
    const backend = createBackend();
    const job = memory.add(1);
    const [row] = job.rows as [Row];
    // The worker stopped after the answer was journaled, before the row was written.
    row.status = 'running';
    backend.journal.set(row.requestId, { status: 'done', charged: PRICE });
    backend.sent.push(row.requestId);

    const runner = runnerOf(memory.kind, backend.worker().service);
    expect(await runner.resume()).toBe(1);
    await runner.settled(job.id);
    expect(memory.jobs.get(job.id)!.rows[0]).toMatchObject({ status: 'done', credits: PRICE, cached: false });
    expect(backend.sent).toEqual([row.requestId]);
    expect(backend.charged()).toBe(PRICE);
  });
});
