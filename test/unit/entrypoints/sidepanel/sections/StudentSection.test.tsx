/**
 * The school section of the side panel as a person uses it, over the real background service and
 * the real sandbox app: its quote is the true quote, its charge the sandbox's own.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
