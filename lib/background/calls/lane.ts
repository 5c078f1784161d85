/**
 * The one lane of this worker's paid calls: which calls left and have not ended, and the turn that
 * orders departures and balance readings one at a time. Calls (lib/background/calls/paid-call.ts) add to it
 * and take turns in it; checkpoints (lib/background/calls/checkpoints.ts) read a balance only in turn and
 * only while nothing is in flight. Both are built from it, so neither needs the other to exist first.
 */
export interface CallLane {
  /** Runs `step` once every step queued before it has ended (whether it failed or not). */
  inTurn<T>(step: () => Promise<T>): Promise<T>;
  /** How many calls of this worker left and have not ended. */
  inFlight(): number;
  isCalling(requestId: string): boolean;
  /** A call left (its journal entry is written). */
  left(requestId: string): void;
  /** A call ended, answered or not. */
  ended(requestId: string): void;
}

export function createCallLane(): CallLane {
  /** Calls of this worker that left and have not ended (by request id). */
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
    isCalling: (requestId) => calling.has(requestId),
    left(requestId) {
      calling.add(requestId);
    },
    ended(requestId) {
      calling.delete(requestId);
    },
  };
}
