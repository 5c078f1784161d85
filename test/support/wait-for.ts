import { act } from 'preact/test-utils';

/**
 * Lets the service, the sandbox and Preact finish what they started, until `check` holds: at most
 * `timeoutMs` worth of 20 ms pauses. Counted in pauses, not read on the clock: on a machine whose
 * CPU goes to others (scripts/test.sh runs these tests beside the benchmarks and the Firefox suite on
 * two cores), seconds can pass in which this file did no work, and a clock's limit would fail it for
 * them.
 */
export async function waitFor<T>(check: () => T, timeoutMs = 5_000): Promise<T> {
  for (let pauses = 0; ; pauses++) {
    try {
      let value: T | undefined;
      await act(async () => {
        value = check();
      });
      return value as T;
    } catch (error) {
      if (pauses * 20 > timeoutMs) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }
}
