/**
 * STORE_LISTING.md against the built manifests: every permission, optional origin, site read without
 * asking and Firefox data type the packages declare is explained there, and nothing is explained that
 * they do not declare. And the icons the stores ask for are there, at their sizes, and declared.
 *
 * It reads the production builds in .output/ (scripts/test.sh builds them before the unit tests); a
 * build that is missing or older than wxt.config.ts is made first, so `npm test` works on its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS } from '../../lib/api/base-url';
import { SCAN_EVERY_SITE_ORIGINS } from '../../lib/scan-permission';
import { apiOrigins, baseUrlProblem } from '../../lib/settings';

interface Manifest {
  description: string;
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: Array<{ matches: string[] }>;
  icons?: Record<string, string>;
  action?: { default_icon?: Record<string, string> };
  browser_action?: { default_icon?: Record<string, string> };
  browser_specific_settings?: {
    gecko?: { id?: string; data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

const BUILDS = {
  chrome: { dir: '.output/chrome-mv3', args: ['wxt', 'build'] },
  firefox: { dir: '.output/firefox-mv2', args: ['wxt', 'build', '-b', 'firefox'] },
} as const;
/** What the Chrome Web Store and AMO ask for: 16 and 32 (toolbar), 48 (extensions page), 128 (store). */
const ICON_SIZES = [16, 32, 48, 128];
/**
 * Named in the listing before this branch's manifest declares it: the right-click "Look up email"
 * item is being added in another change. Once it is merged this entry changes nothing.
 */
const ANNOUNCED_PERMISSIONS = new Set(['contextMenus']);

const isOrigin = (entry: string) => entry.includes('://') || entry === '<all_urls>';

function builtManifest(browser: keyof typeof BUILDS): Manifest {
  const { dir, args } = BUILDS[browser];
  const file = `${dir}/manifest.json`;
  if (!existsSync(file) || statSync(file).mtimeMs < statSync('wxt.config.ts').mtimeMs)
    execFileSync('npx', args, { stdio: 'ignore' });
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const listing = readFileSync('STORE_LISTING.md', 'utf8');

/** The text under a heading of the listing, up to the next heading of any level. */
function section(heading: string): string {
  const lines = listing.split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) throw new Error(`STORE_LISTING.md has no heading "${heading}"`);
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

const codeSpans = (text: string) => new Set([...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!));
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Width and height from a PNG's IHDR chunk, which the format puts first. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString('hex'), `${file} is a PNG`).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the store listing and the built manifests', () => {
  let chrome: Manifest;
  let firefox: Manifest;
  beforeAll(() => {
    chrome = builtManifest('chrome');
    firefox = builtManifest('firefox');
  }, 120_000);

  it('quotes the manifest description as the summary, short enough for both stores', () => {
    const summary = /^> (.+)$/m.exec(section('Summary'))?.[1];
    expect(summary).toBe(chrome.description);
    expect(firefox.description).toBe(chrome.description);
    expect(chrome.description.length).toBeLessThanOrEqual(132);
  });

  it('explains every permission the packages declare, and no other', () => {
    const declared = [chrome, firefox].flatMap((m) =>
      [...(m.permissions ?? []), ...(m.optional_permissions ?? [])].filter((p) => !isOrigin(p)),
    );
    const explained = [...codeSpans(section('Permissions, and why each is needed'))];
    expect(sorted(declared).filter((p) => !explained.includes(p))).toEqual([]);
    expect(explained.filter((p) => !declared.includes(p) && !ANNOUNCED_PERMISSIONS.has(p))).toEqual([]);
  });

  it('asks for no site at install, and explains each site it may ask for', () => {
    expect(chrome.host_permissions ?? []).toEqual([]);
    expect((firefox.permissions ?? []).filter(isOrigin)).toEqual([]);
    // Manifest V2 (Firefox) has no optional_host_permissions: the origins are optional_permissions.
    const firefoxOptional = (firefox.optional_permissions ?? []).filter(isOrigin);
    expect(sorted(firefoxOptional)).toEqual(sorted(chrome.optional_host_permissions ?? []));
    expect(sorted(codeSpans(section('Optional access to sites')))).toEqual(
      sorted(chrome.optional_host_permissions ?? []),
    );
  });

  it('may ask for plain http only on this computer, and for every origin it then uses', () => {
    const optional = chrome.optional_host_permissions ?? [];
    expect(optional).not.toContain('http://*/*');
    expect(sorted(optional.filter((origin) => origin.startsWith('http://')))).toEqual(
      sorted(LOOPBACK_HOSTS.map((host) => `http://${host}/*`)),
    );
    /** Whether the browser may grant `origin` (a host's pattern) from the manifest's optional ones. */
    const grantable = (origin: string) =>
      optional.includes(origin) || (origin.startsWith('https://') && optional.includes('https://*/*'));
    // Every address the options page accepts for the service: its origins can be granted.
    for (const base of ['http://127.0.0.1:8787', 'http://localhost:3000/api', 'https://api.example.com/v2']) {
      expect(baseUrlProblem(base), base).toBeUndefined();
      for (const origin of apiOrigins({ baseUrlV2: base, baseUrlV3: base }))
        expect(grantable(origin), origin).toBe(true);
    }
    // What it could not be granted is refused as an address.
    for (const base of ['http://api.example.com', 'http://[::1]:8787', 'http://127.0.0.2:8787'])
      expect(baseUrlProblem(base), base).toMatch(/must use https/);
    for (const origin of SCAN_EVERY_SITE_ORIGINS) expect(grantable(origin), origin).toBe(true);
  });

  it('names every site the scan runs on without asking', () => {
    const matches = [chrome, firefox].flatMap((m) => (m.content_scripts ?? []).flatMap((c) => c.matches));
    expect(sorted(codeSpans(section('Sites it reads without asking'))), 'the listing').toEqual(
      sorted(matches),
    );
  });

  it("declares Firefox's add-on id and the data it transmits, as the listing says", () => {
    const gecko = firefox.browser_specific_settings?.gecko;
    expect(gecko?.id).toMatch(/^\{[0-9a-f-]{36}\}$/);
    expect(codeSpans(section('Add-on id')).has(gecko!.id!)).toBe(true);
    const explained = [...codeSpans(section('Firefox: data collection'))].filter((t) =>
      /^[a-zA-Z]+$/.test(t),
    );
    expect(sorted(gecko?.data_collection_permissions?.required ?? [])).toEqual(sorted(explained));
    expect(gecko?.data_collection_permissions?.optional ?? []).toEqual([]);
    expect(chrome.browser_specific_settings).toBeUndefined();
  });

  it('has the icons at every size the stores ask for, declared in both packages', () => {
    for (const size of ICON_SIZES) {
      expect(pngSize(`public/icon/${size}.png`), `public/icon/${size}.png`).toEqual({
        width: size,
        height: size,
      });
    }
    for (const [browser, m] of [
      ['chrome', chrome],
      ['firefox', firefox],
    ] as const) {
      expect(m.icons, browser).toEqual(
        Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icon/${size}.png`])),
      );
      const toolbar = (m.action ?? m.browser_action)?.default_icon ?? {};
      expect(Object.keys(toolbar).length, `${browser}'s toolbar icon`).toBeGreaterThan(0);
      for (const file of [...Object.values(m.icons ?? {}), ...Object.values(toolbar)])
        expect(existsSync(`${BUILDS[browser].dir}/${file}`), `${browser}: ${file}`).toBe(true);
    }
  });
});
