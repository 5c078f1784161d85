// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../lib/api/endpoints';
import { paramError, responseError, schemaError } from '../../../../lib/api/error-reading';
import {
  API_ERROR_KINDS,
  ApiError,
  type ApiErrorKind,
  isApiError,
  kindForStatus,
  parseRetryAfter,
  RETRY_AFTER_MAX_SECONDS,
  userMessage,
} from '../../../../lib/api/errors';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/real/${name}`, import.meta.url), 'utf8'));

const NOW = Date.parse('2025-06-01T12:00:00Z');
const noHeaders = new Headers();

/** Status, its kind, and the service's description (the spec's table). */
const STATUSES: [number, ApiErrorKind, string, string][] = [
  [400, 'invalid', 'Bad Request', 'Invalid parameters provided'],
  [401, 'auth', 'Unauthorized', 'Invalid API key'],
  [403, 'credits', 'Forbidden', 'Not enough credits'],
  [404, 'not-found', 'Not Found', 'The requested resource could not be found'],
  [409, 'stale', 'Conflict', 'Cached profile is older than maxAgeSeconds; retry or raise maxAgeSeconds'],
  [429, 'rate-limited', 'Too Many Requests', 'Rate limited; retry'],
  [500, 'server', 'Internal Server Error', 'Internal server error'],
  [503, 'unavailable', 'Service Unavailable', 'Retrieval failed; retry'],
];

describe('ApiError.fromResponse', () => {
  it.each(STATUSES)('reads a %i with a {code, name, description} body', (status, kind, name, description) => {
    const error = responseError(status, JSON.stringify({ code: status, name, description }), noHeaders, {
      endpointId: 'person.v3',
    });
    expect(error).toMatchObject({ kind, status, description, endpointId: 'person.v3' });
    expect(error.message).toBe(`${status} ${name}: ${description}`);
  });

  it('reads the observed v2 403 body', () => {
    const error = responseError(403, JSON.stringify(fixture('error-403-not-enough-credits.json')), noHeaders);
    expect(error).toMatchObject({ kind: 'credits', status: 403, description: 'Not enough credits' });
  });

  it('reads the age of the cached profile from a v3 409', () => {
    const body = { code: 409, name: 'Conflict', description: 'too old', cachedProfileAgeSeconds: 3_024_000 };
    const error = responseError(409, JSON.stringify(body), noHeaders);
    expect(error.cachedProfileAgeSeconds).toBe(3_024_000);
    expect(userMessage(error).title).toBe('Only a copy of this profile 35 days old is available');
  });

  it.each(STATUSES)('survives an HTML error page on a %i', (status, kind) => {
    const html = '<!DOCTYPE html><html><head><title>502</title></head><body><h1>Oops</h1></body></html>';
    const error = responseError(status, html, noHeaders);
    expect(error).toMatchObject({ kind, status, description: undefined });
  });

  it('survives an empty body, and keeps a short plain-text one as the description', () => {
    expect(responseError(502, '', noHeaders)).toMatchObject({
      kind: 'server',
      message: '502 Bad Gateway',
    });
    expect(responseError(400, 'page_size: too large', noHeaders).description).toBe('page_size: too large');
    expect(responseError(400, '[1, 2]', noHeaders).description).toBeUndefined();
  });

  it('reads Retry-After in seconds and as an HTTP date', () => {
    const inSeconds = responseError(429, '', new Headers({ 'Retry-After': '7' }), { now: NOW });
    expect(inSeconds.retryAfterSeconds).toBe(7);
    const at = new Date(NOW + 90_000).toUTCString();
    const asDate = responseError(429, '', new Headers({ 'Retry-After': at }), { now: NOW });
    expect(asDate.retryAfterSeconds).toBe(90);
    expect(userMessage(asDate).action).toBe('Wait 1 minute, then try again');
  });

  it.each([
    [
      'an HTTP date in the year 9999',
      'Fri, 31 Dec 9999 23:59:59 GMT',
      Date.parse('Fri, 31 Dec 9999 23:59:59 GMT'),
    ],
    ['more seconds than a timer holds', '99999999999', NOW + 99999999999 * 1000],
    ['more seconds than a number holds', '9'.repeat(400), 8.64e15],
  ])('caps a Retry-After of %s at an hour, and keeps what was asked to tell it', (_what, header, until) => {
    const error = responseError(429, '', new Headers({ 'Retry-After': header }), { now: NOW });
    expect(error.retryAfterSeconds).toBe(RETRY_AFTER_MAX_SECONDS);
    expect(error.waitUntil).toBe(until);
    expect(ApiError.fromJSON(error.toJSON()).waitUntil).toBe(until);
    expect(userMessage(error).title).toBe(
      `The service asked to wait until ${new Date(until).toLocaleString()}`,
    );
    expect(userMessage(error).action).toBe('Nothing is sent to it for 1 hour; try again later');
    // Within the cap, nothing more is said.
    const hour = responseError(429, '', new Headers({ 'Retry-After': '3600' }), { now: NOW });
    expect(hour.toJSON()).not.toHaveProperty('waitUntil');
  });
});

describe('kindForStatus and parseRetryAfter', () => {
  it('files statuses the spec does not list by their class', () => {
    expect(kindForStatus(422)).toBe('invalid');
    expect(kindForStatus(502)).toBe('server');
    expect(kindForStatus(504)).toBe('server');
  });

  it('never gives a negative wait, and ignores what it cannot read', () => {
    expect(parseRetryAfter(new Date(NOW - 60_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });
});

describe('ApiError from zod errors', () => {
  it('names the parameter a person got wrong', () => {
    const parsed = endpoints['company.logo'].params.safeParse({});
    expect(parsed.success).toBe(false);
    const error = paramError(parsed.error!, 'company.logo');
    expect(error).toMatchObject({ kind: 'invalid', param: 'q', endpointId: 'company.logo' });
    expect(error.description).toContain('q');
    expect(userMessage(error).title).toBe('The value of “q” is not accepted');
  });

  it('names the path of the field that does not match the answer schema', () => {
    const profile = fixture('person-profile.json');
    profile.experiences[0].starts_at.year = 'two thousand twenty-one';
    const parsed = endpoints['person.profile'].response.safeParse(profile);
    expect(parsed.success).toBe(false);
    const error = schemaError(parsed.error!, 'person.profile');
    expect(error).toMatchObject({ kind: 'schema', path: 'experiences.0.starts_at.year' });
    expect(userMessage(error).detail).toContain('Field experiences.0.starts_at.year');
  });
});

describe('crossing the message boundary', () => {
  it('arrives intact through JSON', () => {
    const original = responseError(
      409,
      JSON.stringify({
        code: 409,
        name: 'Conflict',
        description: 'too old',
        cachedProfileAgeSeconds: 86_400,
      }),
      noHeaders,
      { endpointId: 'person.v3' },
    );
    const copy = ApiError.fromJSON(JSON.parse(JSON.stringify(original)));
    expect(isApiError(copy)).toBe(true);
    expect(copy.toJSON()).toEqual(original.toJSON());
    expect(copy.message).toBe(original.message);
    expect(userMessage(copy)).toEqual(userMessage(original));
  });

  it('refuses what is not an error it sent', () => {
    expect(() => ApiError.fromJSON({ name: 'ApiError', kind: 'gremlins', message: 'x' })).toThrow();
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', kind: 'auth' })).toBe(false);
  });
});

describe('userMessage', () => {
  it('says what happened and what to do for every kind', () => {
    const seen = new Set<string>();
    for (const kind of API_ERROR_KINDS) {
      const { title, action } = userMessage(new ApiError(kind));
      expect(title.length, kind).toBeGreaterThan(0);
      expect(action.length, kind).toBeGreaterThan(0);
      seen.add(title);
    }
    // No two kinds read the same to a person.
    expect(seen.size).toBe(API_ERROR_KINDS.length);
  });

  it('tells a person out of credits to top up', () => {
    expect(userMessage(new ApiError('credits', { status: 403 }))).toMatchObject({
      title: 'Your account has no credits left',
      action: 'Top up your balance, then try again',
    });
    expect(
      userMessage(new ApiError('credits', { status: 403, balance: 0, needed: 2, neededMin: 2 })).title,
    ).toBe('Your account has no credits left');
  });

  it('says what is left and what the action needs when some credits are left', () => {
    expect(userMessage(new ApiError('credits', { balance: 3, needed: 10, neededMin: 10 })).title).toBe(
      'This needs 10 credits; your account has 3 credits',
    );
    expect(userMessage(new ApiError('credits', { balance: 3, needed: 30, neededMin: 0 })).title).toBe(
      'This needs up to 30 credits; your account has 3 credits',
    );
    // Across the message boundary, intact.
    const json = new ApiError('credits', { balance: 3, needed: 30, neededMin: 0 }).toJSON();
    expect(userMessage(ApiError.fromJSON(JSON.parse(JSON.stringify(json)))).title).toBe(
      'This needs up to 30 credits; your account has 3 credits',
    );
  });
});
