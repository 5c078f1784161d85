/**
 * A sandbox's clock: how many days it has been moved forward (`POST /__sandbox/advance`), the
 * dataset as it stands after those days, and what the last advance changed. Per sandbox: the base
 * dataset is shared by every sandbox of a process and never written to; an advance derives a new
 * dataset from the current one (data/clock.ts) and indexes it, and a reset goes back to the base.
 */
import { advanceDataset, type ClockChanges } from './data/clock';
import { DAY_MS } from './data/dates';
import { createQueries } from './data/queries';
import type { SandboxDataset } from './data/records';
import type { SandboxQueries } from './data/types';

/** What an advance answers, and `GET /__sandbox/changes` repeats. */
export interface AdvanceReport extends ClockChanges {
  /** Days this advance moved. */
  days: number;
  /** The clock's day offset before and after it. */
  from_day: number;
  to_day: number;
  /** The sandbox's time after it (ISO 8601). */
  now: string;
}

export class SandboxClock {
  private offsetDays = 0;
  private current: SandboxQueries;
  private last: AdvanceReport | null = null;

  constructor(
    private readonly base: SandboxQueries,
    private readonly wallClock: () => Date,
  ) {
    this.current = base;
  }

  /** Days the clock has been moved forward since the start (or the last reset). */
  get days(): number {
    return this.offsetDays;
  }

  /** The queries over the dataset as it stands now. */
  get queries(): SandboxQueries {
    return this.current;
  }

  /** The last advance's report, or null when the clock has not moved. */
  get lastAdvance(): AdvanceReport | null {
    return this.last;
  }

  /** The sandbox's time: the wall clock (or the one given) moved forward by the advanced days. */
  now(): Date {
    return new Date(this.wallClock().getTime() + this.offsetDays * DAY_MS);
  }

  /** Moves the clock forward; `days` is checked by advanceDataset (a RangeError changes nothing). */
  advance(days: number): AdvanceReport {
    const dataset = this.current.dataset as SandboxDataset;
    const advanced = advanceDataset(dataset, this.offsetDays, days);
    const queries = createQueries(advanced.dataset);
    const from = this.offsetDays;
    this.current = queries;
    this.offsetDays += days;
    this.last = {
      days,
      from_day: from,
      to_day: this.offsetDays,
      now: this.now().toISOString(),
      ...advanced.changes,
    };
    return this.last;
  }

  reset(): void {
    this.offsetDays = 0;
    this.current = this.base;
    this.last = null;
  }
}
