// @vitest-environment node
/**
 * The team's changes in this browser (lib/background/watch/team-changes.ts): shown as changes of
 * the list "Team", marked seen at the hub by their numbers (or all), counted for the badge; none
 * without a team, and this browser's own still shown when the hub cannot be asked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../../../lib/api/errors';
import type { ConnectionClient, TeamWatchAt } from '../../../../../lib/background/connection';
import { createTeamChanges } from '../../../../../lib/background/watch/team-changes';
import { TEAM_LIST_ID } from '../../../../../lib/protocol';
import type { PersonEvent } from '../../../../../lib/watch/events';
import type { TeamChange } from '../../../../../lib/watch/team-change';

const event: PersonEvent = {
  kind: 'headline',
  changes: [{ kind: 'headline', before: 'Engineer', after: 'Engineer at Acme' }],
  evidence: {
    before: [],
    after: [],
    location: null,
    headline: { before: 'Engineer', after: 'Engineer at Acme' },
  },
  uncertain: [],
};

const change = (seq: number, seen = false): TeamChange => ({
  seq,
  person: `https://www.linkedin.com/in/person-${seq}`,
  name: `Person ${seq}`,
  at: new Date(Date.UTC(2026, 10, seq)).toISOString(),
  event,
  lists: ['Accounts', 'Partners'],
  seen,
});

const client = {} as ConnectionClient;

/** A hub's team watch holding these changes, recording what it was asked. */
function hubWith(changes: TeamChange[]) {
  const marked: Array<{ seqs?: readonly number[]; through?: number }> = [];
  const at: TeamWatchAt = {
    createList: async () => {
      throw new Error('not asked here');
    },
    changesSince: async (_client, since) => {
      const after = changes.filter((each) => each.seq > since);
      return {
        changes: after,
        last: after.at(-1)?.seq ?? since,
        unseen: changes.filter((each) => !each.seen).length,
      };
    },
    markSeen: async (_client, which) => {
      marked.push(which);
      return 0;
    },
  };
  return { reach: async () => ({ at, client, explain: (error: ApiError) => error }), marked };
}

afterEach(() => vi.restoreAllMocks());

describe("the team's changes", () => {
  it('are shown as changes of the list "Team", seen as this member marked them', async () => {
    const { reach } = hubWith([change(1, true), change(2)]);
    const { changes, unseen } = await createTeamChanges(reach).read();
    expect(unseen).toBe(1);
    expect(changes.map((each) => [each.id, each.listId, each.watchList, each.name, each.viewed])).toEqual([
      ['team:1', TEAM_LIST_ID, 'Team · Accounts, Partners', 'Person 1', true],
      ['team:2', TEAM_LIST_ID, 'Team · Accounts, Partners', 'Person 2', false],
    ]);
    expect(changes[1]?.change).toEqual(event.changes[0]);
    expect(changes[1]?.event).toEqual(event);
  });

  it('are marked seen at the hub by their numbers, or all of them', async () => {
    const { reach, marked } = hubWith([change(1), change(2)]);
    const team = createTeamChanges(reach);
    await team.markSeen(['team:2', 'a-list-change-of-this-browser']);
    await team.markSeen();
    expect(marked).toEqual([{ seqs: [2] }, { through: Number.MAX_SAFE_INTEGER }]);
    expect(await team.unseen()).toBe(2);
  });

  it('are none without a team, and none (this browser’s own still shown) when the hub cannot be asked', async () => {
    expect(await createTeamChanges(async () => null).read()).toEqual({ changes: [], unseen: 0 });
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = createTeamChanges(async () => {
      throw new Error('The team hub refused the connection');
    });
    expect(await broken.read()).toEqual({ changes: [], unseen: 0 });
    expect(await broken.unseen()).toBe(0);
    expect(warned).toHaveBeenCalledTimes(2);
  });
});
