/**
 * Every message of the protocol has exactly one route: a message added to lib/protocol/ and its
 * schema to lib/background/messages/, but whose route was forgotten, would otherwise fail only when
 * a page sends it. The routes are registered with a handle that only notes their types; nothing
 * runs, so the domains' dependencies are never called.
 */
import { describe, expect, it } from 'vitest';
import { type MessageType, messageCheckers } from '../../../../../lib/background/messages';
import type { Handle } from '../../../../../lib/background/routes/router';

type Register = (handle: Handle, deps: never) => void;

const routeModules = import.meta.glob<Record<string, unknown>>('../../../../../lib/background/routes/*.ts', {
  eager: true,
});

/** The message types each register function of lib/background/routes/ gives a route. */
function registeredTypes(): MessageType[] {
  const types: MessageType[] = [];
  const noting: Handle = (type) => {
    types.push(type);
  };
  for (const module of Object.values(routeModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (/^register\w+Routes$/.test(name) && typeof value === 'function') {
        (value as Register)(noting, {} as never);
      }
    }
  }
  return types;
}

describe('the background routes', () => {
  it('give every message type of the protocol one route, and nothing else a route', () => {
    const registered = registeredTypes();
    const declared = Object.keys(messageCheckers) as MessageType[];
    expect([...registered].sort()).toEqual([...declared].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });
});
