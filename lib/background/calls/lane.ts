/**
 * The one lane of this worker's paid calls: which calls left and have not ended, and the turn that
 * orders departures and balance readings one at a time. Calls (lib/background/calls.ts) add to it
 * and take turns in it; checkpoints (lib/background/checkpoints.ts) read a balance only in turn and
 * only while nothing is in flight. Both are built from it, so neither needs the other to exist first.
 */
export interface CallLane {
  /** Runs `step` once every step queued before it has ended (whether it failed or not). */
  inTurn<T>(step: () => Promise<T>): Promise<T>;
  /** How many calls of this worker left and have not ended. */
  inFlight(): number;
  isCalling(jobId: string): boolean;
  /** A call left (its journal entry is written). */
  left(jobId: string): void;
  /** A call ended, answered or not. */
  ended(jobId: string): void;
}

export function createCallLane(): CallLane {
  /** Calls of this worker that left and have not ended (by job id). */
  const calling = new Set<string>();
  /** Departures and readings, one at a time: a balance reading is ordered among calls. */
  let turn: Promise<unknown> = Promise.resolve();
  return {
    inTurn<T>(step: () => Promise<T>): Promise<T> {
      const result = turn.then(step, step);
      turn = result.catch(() => undefined);
      return result;
    },
    inFlight: () => calling.size,
    isCalling: (jobId) => calling.has(jobId),
    left(jobId) {
      calling.add(jobId);
    },
    ended(jobId) {
      calling.delete(jobId);
    },
  };
}
