// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  companyNameKey,
  editDistance,
  nameSimilarity,
  normalizeDomain,
  titleScore,
  titleWords,
} from '../../../../sandbox/search/similarity';

describe('names', () => {
  it('measures edit distance and folds names before comparing them', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nameSimilarity('José', 'jose')).toBe(1);
    expect(nameSimilarity("O'Brien", 'OBrien')).toBe(1);
    expect(nameSimilarity('Jonathan', 'Jonathon')).toBeCloseTo(0.875);
    expect(nameSimilarity('Anna', 'Bob')).toBeLessThan(0.5);
    expect(nameSimilarity('', 'Bob')).toBe(0);
  });
});

describe('titles', () => {
  it('spells out abbreviations and drops filler words', () => {
    expect(titleWords('Sr. VP of Engineering')).toEqual(['senior', 'vice', 'president', 'engineering']);
    expect(titleWords('CEO & Co-Founder')).toEqual(['chief', 'executive', 'officer', 'co', 'founder']);
  });

  it('scores titles by the share of the role’s words they hold, preferring the closest', () => {
    expect(titleScore('CEO', 'Chief Executive Officer')).toBe(1);
    expect(titleScore('CEO', 'Chief Executive Officer')).toBeGreaterThan(
      titleScore('CEO', 'Chief Executive Officer and President'),
    );
    expect(titleScore('engineering manager', 'Engineer Manager')).toBe(1);
    expect(titleScore('data engineer', 'Database Administrator')).toBe(0);
    expect(titleScore('product manager', 'Senior Product Manager')).toBeGreaterThan(
      titleScore('product manager', 'Product Owner'),
    );
  });
});

describe('companies', () => {
  it('reads a domain out of whatever was typed, an e-mail address included', () => {
    expect(normalizeDomain('https://www.Acme.com/about?x=1')).toBe('acme.com');
    expect(normalizeDomain('WWW.ACME.CO.UK:443')).toBe('acme.co.uk');
    expect(normalizeDomain('acme.com.')).toBe('acme.com');
    expect(normalizeDomain('mailto:info@acme.io')).toBe('acme.io');
    expect(normalizeDomain('info@acme.io')).toBe('acme.io');
    expect(normalizeDomain('Acme Robotics')).toBeNull();
  });

  it('reduces company names to what tells them apart', () => {
    expect(companyNameKey('Acme, Inc.')).toBe('acme');
    expect(companyNameKey('ACME LLC')).toBe('acme');
    expect(companyNameKey('Kub, Hessel & Gerlach')).toBe(companyNameKey('kub hessel and gerlach'));
    expect(companyNameKey('Müller GmbH')).toBe('muller');
  });
});
