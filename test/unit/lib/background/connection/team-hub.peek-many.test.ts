/**
 * The team hub's batch peek as the connection asks it (lib/background/connection/team-hub.ts
 * `peekMany`), against a fake hub: POST /hub/v1/peek with the member token, 1,000 requests a post,
 * the answers in order; a hub that is late, fails or answers in another shape leaves every row at
 * the price list's quote (null), and says why in the console, never on a page. The person's own
 * key asks nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownKey } from '../../../../../lib/background/connection/own-key';
import { teamHub } from '../../../../../lib/background/connection/team-hub';
import type { PeekAsked } from '../../../../../lib/background/connection/types';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../lib/settings';
import { json, neverAnswers, setup } from '../../../../support/fake-fetch';

const HUB = 'https://hub.team.test';
const TOKEN = 'member-token-a';
const TEAM: Settings = { ...DEFAULT_SETTINGS, connection: 'team-hub', hubUrl: HUB, hubToken: TOKEN };

/** A client of the hub over `answer`, as the background makes one in team mode. */
function hubClient(answer: Parameters<typeof setup>[0]) {
  return setup(answer, { apiKey: TOKEN, baseUrlV2: HUB, baseUrlV3: HUB, hub: true });
}

/** `count` person lookups by profile address, each with who the row is. */
function asked(count: number): PeekAsked[] {
  return Array.from({ length: count }, (_, index) => ({
    endpointId: 'person.profile',
    canonical: { profile_url: `https://www.linkedin.com/in/person-${index}` },
    identity: { profileUrl: `https://www.linkedin.com/in/person-${index}` },
  }));
}

/** What the hub answers of one request it was asked: the team has every third, its CRM every fifth. */
function answerOf(index: number) {
  return {
    cached: index % 3 === 0,
    free: index % 3 === 0,
    age_seconds: index % 3 === 0 ? 3 * 86_400 : null,
    fetched_at: index % 3 === 0 ? '2026-11-26T12:00:00Z' : null,
    do_not_enrich: index % 7 === 6,
    crm: index % 5 === 4 ? 'profile' : null,
    invalid: null,
  };
}

/** The requests a post asked about, read from its body. */
async function bodyOf(
  request: Request,
): Promise<{ requests: { path: string; params: Record<string, unknown>; identity?: unknown }[] }> {
  return request.clone().json();
}

/** A hub that answers each post in order, numbering requests across posts by their profile address. */
const answeringHub = async (request: Request) => {
  const { requests } = await bodyOf(request);
  return json({
    answers: requests.map((each) => answerOf(Number(String(each.params.profile_url).split('-').pop()))),
  });
};

afterEach(() => vi.restoreAllMocks());

describe("the team hub's batch peek", () => {
  it('posts 1,000 requests at a time with the member token, and answers every request in order', async () => {
    const { client, clock, requests } = hubClient(answeringHub);
    const marks = await clock.run(teamHub(TEAM).peekMany(client, asked(2_500)));

    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', `${HUB}/hub/v1/peek`],
      ['POST', `${HUB}/hub/v1/peek`],
      ['POST', `${HUB}/hub/v1/peek`],
    ]);
    expect(requests.every((request) => request.headers.get('Authorization') === `Bearer ${TOKEN}`)).toBe(
      true,
    );
    const bodies = await Promise.all(requests.map(bodyOf));
    expect(bodies.map((body) => body.requests.length)).toEqual([1_000, 1_000, 500]);
    expect(bodies[1]!.requests[0]).toEqual({
      path: '/api/v2/profile',
      params: { profile_url: 'https://www.linkedin.com/in/person-1000' },
      identity: { profileUrl: 'https://www.linkedin.com/in/person-1000' },
    });

    expect(marks).toHaveLength(2_500);
    // Row 1,002: the team has it (3 days old); row 1,004: in the team's CRM; row 1,000: on its list.
    expect(marks![1_002]).toEqual({
      free: {
        min: 0,
        max: 0,
        lines: ["The team's hub has this answer: asking it costs nothing"],
        teamHas: { ageSeconds: 3 * 86_400 },
      },
      crm: null,
      doNotEnrich: false,
    });
    expect(marks![1_004]).toEqual({ free: null, crm: 'profile', doNotEnrich: false });
    expect(marks![1_000]).toEqual({ free: null, crm: null, doNotEnrich: true });
    expect(marks![1_001]).toEqual({ free: null, crm: null, doNotEnrich: false });
  });

  it('asks nothing of no requests', async () => {
    const { client, clock, requests } = hubClient(answeringHub);
    expect(await clock.run(teamHub(TEAM).peekMany(client, []))).toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it("gives up past the single peek's deadline: the price list's quote stands", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, clock } = hubClient(neverAnswers);
    expect(await clock.run(teamHub(TEAM).peekMany(client, asked(3)))).toBeNull();
    // The single peek's deadline (PEEK_DEADLINE_MS), not the minute a paid call may take.
    expect(clock.elapsed).toBe(2_000);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('fails softly when one post of several fails: nothing is told of any row', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The second post fails each time it is asked (the client asks again, as it does any read).
    const { client, clock } = hubClient(async (request) =>
      (await bodyOf(request)).requests[0]!.params.profile_url === 'https://www.linkedin.com/in/person-1000'
        ? json({ error: 'internal' }, 500)
        : answeringHub(request),
    );
    expect(await clock.run(teamHub(TEAM).peekMany(client, asked(1_500)))).toBeNull();
  });

  it('reports an answer in another shape, or with answers missing, and tells nothing of it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const body of [
      { answers: [{ ...answerOf(0), free: 'yes' }, answerOf(1)] },
      { answers: [answerOf(0), { ...answerOf(1), crm: 'rumour' }] },
      { answers: [answerOf(0)] },
      { rows: [answerOf(0), answerOf(1)] },
    ]) {
      const { client, clock } = hubClient(() => json(body));
      expect(await clock.run(teamHub(TEAM).peekMany(client, asked(2)))).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[0]![0])).toContain('team hub');
  });

  it('tells nothing of a request the hub could not read, even marked free', async () => {
    const { client, clock } = hubClient(() =>
      json({ answers: [{ ...answerOf(0), invalid: 'profile_url is not a profile address' }] }),
    );
    expect(await clock.run(teamHub(TEAM).peekMany(client, asked(1)))).toEqual([
      { free: null, crm: null, doNotEnrich: false },
    ]);
  });
});

describe("the person's own key", () => {
  it('asks nothing: the cache, CRM reference and do-not-enrich list here already said theirs', async () => {
    const { client, clock, requests } = setup(answeringHub);
    expect(await clock.run(ownKey(DEFAULT_SETTINGS).peekMany(client, asked(3)))).toBeNull();
    expect(requests).toHaveLength(0);
  });
});
