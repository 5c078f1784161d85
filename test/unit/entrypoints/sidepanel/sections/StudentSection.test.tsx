/**
 * The school section of the side panel as a person uses it, over the real background service and
 * the real sandbox app: its quote is the true quote, its charge the sandbox's own.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  button,
  freshSandbox,
  harness,
  mountSchool,
  press,
  rows,
  section,
  tearDown,
  unmount,
} from '../../../../support/sections-harness';
import { waitFor } from '../../../../support/wait-for';

/**
 * The sandbox serves a few published answers, read from disk at an address Vite rewrites against
 * http://localhost under happy-dom, where they cannot be found. None of this file's requests is for
 * one of them, so the sandbox here serves its synthetic data only.
 */
vi.mock(import('../../../../../sandbox/fixtures'), async (original) => ({
  ...(await original()),
  loadedFixtures: () => [],
  findFixture: () => undefined,
}));

beforeEach(freshSandbox);
afterEach(tearDown);

describe('the school section', () => {
  it('lists students, marked deprecated, for at most its quote, then from the cache for nothing', async () => {
    const h = harness();
    const root = mountSchool(h);
    const students = section(root, 'Students');
    expect(students.querySelector('.badge-mark')?.textContent).toBe('deprecated');
    expect(students.textContent).toContain('The service marks the student listing as deprecated');
    const list = await waitFor(() => button(students, 'List students · up to 30 credits'));
    const before = h.balance();
    await act(() => list.click());
    await waitFor(() => expect(rows(students)).toHaveLength(10));
    expect(before - h.balance()).toBe(30);
    await press(students, 'Load more · up to 30 credits');
    await waitFor(() => expect(rows(students).length).toBeGreaterThan(10));
    const spent = before - h.balance();
    expect(spent).toBe(rows(students).length * 3);

    unmount();
    const again = section(mountSchool(h), 'Students');
    await waitFor(() => expect(rows(again)).toHaveLength(spent / 3));
    expect(again.textContent).toContain('cached just now · 0 credits');
    expect(before - h.balance()).toBe(spent);
  });
});
