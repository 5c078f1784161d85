/**
 * Whom "Watch these" watches on a finished list (entrypoints/lists/run/WatchRows.tsx): each row's
 * profile address as its answer gives it (or as the row gives it), every row that names one or only
 * the found ones, each profile once.
 */
import { describe, expect, it } from 'vitest';
import { listWatchTargets } from '../../../../../entrypoints/lists/run/WatchRows';
import type { ListInput } from '../../../../../lib/protocol';
import { listRequestView } from '../../../../support/list-views';

const input: ListInput = {
  columns: ['email', 'profile'],
  rows: [
    ['ada@example.com', ''],
    ['grace@example.com', 'https://www.linkedin.com/in/grace-hopper'],
    ['ada.again@example.com', ''],
    ['nobody@example.com', ''],
  ],
  mapping: ['email', 'profile_url'],
  targets: [{ key: 'a' }, { key: 'g' }, { key: 'a2' }, { reason: 'no address' }],
};

const requests = new Map([
  [
    'a',
    listRequestView('a', {
      status: 'done',
      enriched: { fullName: 'Ada Lovelace', profileUrl: 'https://www.linkedin.com/in/ada-lovelace' },
    }),
  ],
  ['g', listRequestView('g', { status: 'done', noMatch: true, enriched: null })],
  [
    'a2',
    listRequestView('a2', {
      status: 'done',
      enriched: { profileUrl: 'https://linkedin.com/in/ada-lovelace/' },
    }),
  ],
]);

describe('watching a list', () => {
  it('watches the found rows by the profile their answer gives, each once', () => {
    expect(listWatchTargets(input, requests, 'found')).toEqual([
      { kind: 'person', url: 'https://www.linkedin.com/in/ada-lovelace', name: 'Ada Lovelace' },
    ]);
  });

  it('watches every row that names a profile, found or not', () => {
    expect(listWatchTargets(input, requests, 'all')).toEqual([
      { kind: 'person', url: 'https://www.linkedin.com/in/ada-lovelace', name: 'Ada Lovelace' },
      { kind: 'person', url: 'https://www.linkedin.com/in/grace-hopper' },
    ]);
  });
});
