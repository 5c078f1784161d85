/** Which domains are free email providers': never an employer when a CRM or a list names a company. */
import { describe, expect, it } from 'vitest';
import { isFreeMailDomain } from '../../../../lib/matching/free-mail';

describe('free email domains', () => {
  it('knows the common providers', () => {
    for (const domain of [
      'gmail.com',
      'googlemail.com',
      'outlook.com',
      'hotmail.com',
      'live.com',
      'msn.com',
      'yahoo.com',
      'ymail.com',
      'rocketmail.com',
      'icloud.com',
      'me.com',
      'mac.com',
      'aol.com',
      'proton.me',
      'protonmail.com',
      'pm.me',
      'tutanota.com',
      'fastmail.com',
      'hey.com',
      'zoho.com',
      'mail.com',
      'gmx.net',
      'web.de',
      'mail.ru',
      'rambler.ru',
      'yandex.ru',
      'qq.com',
      '163.com',
      '126.com',
      'sina.com',
      'naver.com',
      'daum.net',
    ]) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
  });

  it('takes a provider under any country: yahoo.co.uk, gmx.de, hotmail.fr, yandex.com.tr', () => {
    for (const domain of ['yahoo.co.uk', 'yahoo.fr', 'yahoo.com.br', 'yahoo.co.jp', 'gmx.de', 'gmx.at']) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
    for (const domain of ['hotmail.fr', 'hotmail.co.uk', 'outlook.de', 'aol.co.uk', 'yandex.com.tr']) {
      expect(isFreeMailDomain(domain), domain).toBe(true);
    }
  });

  it('takes a subdomain of a provider, and any case', () => {
    expect(isFreeMailDomain('mail.yahoo.co.uk')).toBe(true);
    expect(isFreeMailDomain('GMail.com')).toBe(true);
  });

  it('leaves employers alone, even those whose names contain or resemble a provider', () => {
    for (const domain of [
      'acme.com',
      'google.com',
      'microsoft.com',
      'mygmail.com',
      'gmail.com.evil.io',
      'yahoo.example.com',
      'gmx.acme.co.uk',
      'hotmail.com.acme.io',
      'live.io',
      'email.acme.com',
      'fastmail.company.org',
    ]) {
      expect(isFreeMailDomain(domain), domain).toBe(false);
    }
  });
});
