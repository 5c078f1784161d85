// @vitest-environment node
/** The cache's key: one question, one key, whatever freshness was asked for and however it was written. */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../lib/api/endpoints';
import { cacheKey } from '../../../../lib/pricing/cache-key';

describe('cacheKey', () => {
  const canonical = (raw: Record<string, string>) =>
    endpoints['person.profile'].params.parse(raw) as Record<string, unknown>;

  it('is the same for the same question asked with different freshness wishes', () => {
    const fresh = canonical({ profile_url: 'https://www.linkedin.com/in/jane', use_cache: 'if-recent' });
    const any = canonical({
      profile_url: 'https://www.linkedin.com/in/jane',
      use_cache: 'if-present',
      live_fetch: 'force',
    });
    expect(cacheKey('person.profile', fresh)).toBe(cacheKey('person.profile', any));
  });

  it('is the same whether a default was given or left out, and whatever the order', () => {
    const a = canonical({ profile_url: 'https://www.linkedin.com/in/jane', extra: 'exclude' });
    const b = canonical({ extra: 'EXCLUDE', profile_url: 'https://www.linkedin.com/in/jane' });
    expect(cacheKey('person.profile', a)).toBe(cacheKey('person.profile', b));
  });

  it('differs when what is asked differs', () => {
    const plain = canonical({ profile_url: 'https://www.linkedin.com/in/jane' });
    const extra = canonical({ profile_url: 'https://www.linkedin.com/in/jane', extra: 'include' });
    expect(cacheKey('person.profile', plain)).not.toBe(cacheKey('person.profile', extra));
    expect(cacheKey('person.profile', plain)).not.toBe(cacheKey('company.profile', plain));
  });
});
