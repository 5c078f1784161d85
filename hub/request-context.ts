/**
 * What a member request's log line needs to know that is found deep inside it: whose token it
 * carries, noted by the token check (members.ts, request-steps.ts) on the context that the request
 * log's middleware (request-log.ts) opened for the request. Outside a request, noting does nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestFacts {
  /** The member's name; null while (or when) no token was accepted. */
  member: string | null;
}

const current = new AsyncLocalStorage<RequestFacts>();

/** Runs a request's handling with `facts` as its context. */
export function withRequestFacts<T>(facts: RequestFacts, handle: () => Promise<T>): Promise<T> {
  return current.run(facts, handle);
}

/** The member whose token the current request carries. */
export function noteMember(name: string): void {
  const facts = current.getStore();
  if (facts) facts.member = name;
}
