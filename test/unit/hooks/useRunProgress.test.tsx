/**
 * The pieces under the sections: reading a page's cursor and results by the endpoint's rules, and
 * following a streamed answer's progress for the request being run (and only that one).
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../hooks/usePagedAction';
import { useRunProgress, type WatchProgress } from '../../../hooks/useRunProgress';
import { nextCursor } from '../../../lib/api/cursor';
import type { RunProgress } from '../../../lib/protocol';

describe('nextCursor', () => {
  it('reads each paging style by its rule', () => {
    expect(
      nextCursor('employee.list', {
        employees: [],
        next_page: 'https://api.example.com/api/v2/company/employees/?url=x&page_size=10&after=YWJj',
      }),
    ).toBe('YWJj');
    expect(
      nextCursor('student.list', {
        students: [],
        next_page: '/api/v2/school/students/?school_url=y&after=42',
      }),
    ).toBe('42');
    expect(
      nextCursor('job.search', {
        job: [],
        next_page_no: 1,
        next_page_api_url: 'https://api.example.com/api/v2/company/job?search_id=1&pagination=eyJwYWdlIjoxfQ',
      }),
    ).toBe('eyJwYWdlIjoxfQ');
    expect(
      nextCursor('person.search', {
        results: [],
        next_page: 'https://api.example.com/api/v2/search/person?next_token=t%2B1',
      }),
    ).toBe('t+1');
  });

  it.each([
    ['the last page', { employees: [], next_page: null }],
    ['no address', { employees: [] }],
    ['an address without the cursor', { employees: [], next_page: 'https://api.example.com/x?before=1' }],
    ['a script address', { employees: [], next_page: 'javascript:alert(1)' }],
    ['an address of the wrong type', { employees: [], next_page: 42 }],
    ['the wrong field', { employees: [], next_page_api_url: 'https://a.example/?after=1' }],
    ['no answer', null],
  ])('is null for %s', (_case, data) => {
    expect(nextCursor('employee.list', data)).toBeNull();
  });
});

describe('rowsOf', () => {
  it("reads the endpoint's results, and nothing else", () => {
    expect(rowsOf('job.search', { job: [{ job_title: 'A' }] })).toEqual([{ job_title: 'A' }]);
    const student = { profile_url: 'https://www.linkedin.com/in/ada-lovelace' };
    expect(rowsOf('student.list', { students: [student] })).toEqual([student]);
    expect(rowsOf('employee.list', { employees: [], students: [student] })).toEqual([]);
    expect(rowsOf('person.search', { results: [] })).toEqual([]);
    expect(rowsOf('employee.list', undefined)).toEqual([]);
  });
});

describe('useRunProgress', () => {
  let container: HTMLElement | undefined;
  afterEach(() => {
    if (container) render(null, container);
    container?.remove();
  });

  function fakeWatch() {
    const listeners = new Map<string, (progress: RunProgress | null) => void>();
    const watch: WatchProgress = (requestId, listener) => {
      listeners.set(requestId, listener);
      return () => listeners.delete(requestId);
    };
    return { watch, listeners };
  }

  let shown: RunProgress | null = null;
  function Probe({ watch, requestId }: { watch?: WatchProgress; requestId: string | null }) {
    shown = useRunProgress(watch, requestId);
    return null;
  }

  function mount(watch: WatchProgress | undefined, requestId: string | null) {
    container ??= document.body.appendChild(document.createElement('div'));
    return act(() => render(<Probe watch={watch} requestId={requestId} />, container!));
  }

  it('follows the running request, ignores others, and stops with it', async () => {
    const { watch, listeners } = fakeWatch();
    await mount(watch, 'req-1');
    expect(shown).toBeNull();
    await act(() => listeners.get('req-1')!({ requestId: 'req-1', results: [{ a: 1 }], bytes: 10 }));
    expect(shown).toEqual({ requestId: 'req-1', results: [{ a: 1 }], bytes: 10 });
    // A write that names another request is not this one's.
    await act(() => listeners.get('req-1')!({ requestId: 'req-2', results: [{}, {}], bytes: 20 }));
    expect(shown).toBeNull();
    await act(() => listeners.get('req-1')!({ requestId: 'req-1', results: [{}, {}], bytes: 30 }));
    await act(() => listeners.get('req-1')!(null));
    expect(shown).toBeNull();

    await mount(watch, 'req-3');
    expect(listeners.has('req-1')).toBe(false);
    expect(listeners.has('req-3')).toBe(true);
    await mount(watch, null);
    expect(listeners.size).toBe(0);
    expect(shown).toBeNull();
  });

  it('shows nothing without a watcher', async () => {
    await mount(undefined, 'req-1');
    expect(shown).toBeNull();
  });
});
