/**
 * The API client over a scripted fetch and a fake clock: each Request is recorded (with when it was
 * made) and answered by the test's script, and time moves only when everything else is waiting.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { type ClientConfig, createClient, type Sleep } from '../../lib/background/api/client';

export const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/real/${name}`, import.meta.url), 'utf8'));

export const V2 = 'http://127.0.0.1:8787';
export const V3 = 'http://127.0.0.1:8788/v3-gateway';
export const KEY = 'sk_test_3f9a';
export const COMPANY = { url: 'https://www.linkedin.com/company/google' };

// ---------------------------------------------------------------------------------------------
// A fake clock: time moves only when everything else is waiting on it.

export class FakeClock {
  time = Date.parse('2025-06-01T12:00:00Z');
  readonly start = this.time;
  private timers: { at: number; resolve: () => void }[] = [];

  now = () => this.time;

  sleep: Sleep = (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = { at: this.time + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal.reason);
      });
    });

  get elapsed(): number {
    return this.time - this.start;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Settles `promise`, moving the clock to the next timer each time nothing else can happen. */
  async run<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    for (;;) {
      await idle();
      if (settled) return promise;
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift();
      if (!next) throw new Error('Stuck: nothing is waiting on the clock and the promise is not settled');
      this.time = next.at;
      next.resolve();
    }
  }
}

/** Lets every pending callback of the platform (promises, stream reads) run. */
export async function idle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

// ---------------------------------------------------------------------------------------------
// A fetch stub: records each Request (and when it was made) and answers from a script.

type Answer = (request: Request, index: number) => Response | Promise<Response>;

export function setup(answer: Answer, config: Partial<ClientConfig> = {}) {
  const clock = new FakeClock();
  const requests: Request[] = [];
  const requestTimes: number[] = [];
  const client = createClient({
    apiKey: KEY,
    baseUrlV2: V2,
    baseUrlV3: V3,
    sleep: clock.sleep,
    now: clock.now,
    fetch: async (request) => {
      requests.push(request);
      requestTimes.push(clock.elapsed);
      return answer(request, requests.length - 1);
    },
    ...config,
  });
  return { client, clock, requests, requestTimes };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const errorBody = (
  code: number,
  name: string,
  description: string,
  extra: object = {},
  headers: Record<string, string> = {},
) => json({ code, name, description, ...extra }, code, headers);

export const HTML_PAGE = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';

/** A fetch that never answers, but rejects like the platform's when its request is aborted. */
export const neverAnswers: Answer = (request) =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
