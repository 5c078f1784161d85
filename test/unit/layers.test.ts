// @vitest-environment node
/**
 * The layers, checked two ways:
 * - the lint rule (biome.json's noRestrictedImports overrides) bites: an upward import in a probe
 *   tree linted with the project's own config is refused, and a proper one is not;
 * - what each bundle really loads at run time (type-only imports erased, as the build does): the
 *   content script reaches neither zod nor Preact, and no page (side panel, popup, options)
 *   reaches zod, however indirectly.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** Lints probe files (path → source) with the project's config; returns the paths biome refused. */
function refusedImports(probes: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
    config.vcs = { enabled: false };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    for (const [path, source] of Object.entries(probes)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    let output = '';
    try {
      output = execFileSync(BIOME, ['lint', '--max-diagnostics=200', '.'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    return Object.keys(probes).filter((path) =>
      new RegExp(
        `${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+ lint/style/noRestrictedImports`,
      ).test(output),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the lint rule bites', () => {
  it('refuses upward imports and zod in pages, and lets proper imports through', () => {
    const upward = {
      'components/UsesEntrypoint.tsx':
        "import { PanelApp } from '@/entrypoints/sidepanel/App';\nexport const a = PanelApp;\n",
      'components/UsesHook.tsx':
        "import { useQuotedAction } from '@/hooks/useQuotedAction';\nexport const b = useQuotedAction;\n",
      'lib/uses-component.ts': "import { Notice } from '../components/Notice';\nexport const c = Notice;\n",
      'lib/api/uses-entrypoint.ts':
        "import { OptionsApp } from '@/entrypoints/options/App';\nexport const d = OptionsApp;\n",
      'hooks/usesComponent.ts': "import { Notice } from '@/components/Notice';\nexport const e = Notice;\n",
      'entrypoints/content.ts': "import { z } from 'zod';\nexport const f = z;\n",
      'entrypoints/sidepanel/UsesZod.tsx': "import { z } from 'zod';\nexport const g = z;\n",
      'entrypoints/popup/UsesZod.tsx': "import * as z from 'zod/mini';\nexport const h = z;\n",
      // Only the background holds the key and calls the service (lib/background/).
      'entrypoints/sidepanel/UsesService.tsx':
        "import { createService } from '@/lib/background/service';\nexport const k = createService;\n",
      'components/UsesDb.tsx':
        "import type { EnrichmentDb } from '@/lib/background/db';\nexport type L = EnrichmentDb;\n",
      'hooks/useClient.ts':
        "import { createClient } from '@/lib/background/api/client';\nexport const m = createClient;\n",
      'entrypoints/content/uses-db.ts':
        "import { openDb } from '@/lib/background/db';\nexport const n = openDb;\n",
      'entrypoints/popup/recent/useRecentView.ts':
        "import { Notice } from '@/components/Notice';\nexport const q = Notice;\n",
      'lib/shared-uses-background.ts':
        "import { readCache } from './background/cache';\nexport const o = readCache;\n",
      // The hub runs on a server, a package of its own: nothing of the extension's background.
      'hub/uses-background.ts':
        "import { reservedNow } from '../lib/background/budget';\nexport const s = reservedNow;\n",
      'hub/admin-ui/uses-db.tsx': "import { openDb } from '@/lib/background/db';\nexport const t = openDb;\n",
    };
    const proper = {
      'components/Fine.tsx': "import type { Quote } from '@/lib/protocol';\nexport type Fine = Quote;\n",
      'hooks/useFine.ts':
        "import { formatQuote } from '@/lib/quote-format';\nexport const i = formatQuote;\n",
      'entrypoints/sidepanel/Fine.tsx':
        "import { Notice } from '@/components/Notice';\nexport const j = Notice;\n",
      'entrypoints/popup/recent/useFine.ts':
        "import { askBackground } from '@/lib/ask-background';\nexport const r = askBackground;\n",
      'lib/background/fine.ts': "import type { Quote } from '../protocol';\nexport type Fine = Quote;\n",
      'entrypoints/background.ts':
        "import { createService } from '@/lib/background/service';\nexport const p = createService;\n",
      'hub/fine.ts':
        "import { quoteCanonical } from '../lib/pricing/credits';\nexport const u = quoteCanonical;\n",
    };
    expect(refusedImports({ ...upward, ...proper }).sort()).toEqual(Object.keys(upward).sort());
  });
});

/** The modules a file loads at run time: `import type` and all-`type` specifier lists are erased. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement =
    /^\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    if (match[5]) {
      found.push(match[5]);
      continue;
    }
    if (match[2]) continue; // import type / export type
    const clause = match[3] ?? '';
    const names = /\{([^}]*)\}/.exec(clause);
    const onlyNamed = names && clause.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '') === '';
    const everyNameIsType =
      names !== null &&
      names[1]!
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (onlyNamed && everyNameIsType) continue;
    found.push(match[4]!);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && !candidate.endsWith('/') && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every package a bundle starting at `entry` loads at run time, with the chain that brings it. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      const next = resolveModule(file, specifier);
      if (next) walk(next, [...chain, next.slice(ROOT.length + 1)]);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@/')) {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0]!;
        if (!packages.has(name)) packages.set(name, chain);
      }
    }
  };
  walk(join(ROOT, entry), [entry]);
  return packages;
}

describe('what each bundle loads at run time', () => {
  it('the content script reaches neither zod nor Preact', () => {
    const reached = packagesReached('entrypoints/content.ts');
    expect(reached.get('zod'), 'zod via').toBeUndefined();
    expect(reached.get('preact'), 'preact via').toBeUndefined();
    expect(reached.has('@webext-core/messaging')).toBe(true); // the walk does follow imports
  });

  const pages = [
    'entrypoints/sidepanel/main.tsx',
    'entrypoints/options/main.tsx',
    'entrypoints/popup/main.tsx',
    'entrypoints/lists/main.tsx',
  ];
  it.each(pages.filter((page) => existsSync(join(ROOT, page))))('%s reaches no zod', (page) => {
    const reached = packagesReached(page);
    expect(reached.get('zod'), `zod via ${reached.get('zod')?.join(' → ')}`).toBeUndefined();
    expect(reached.has('preact')).toBe(true);
  });

  it.each(['hub/main.ts', 'hub/admin.ts'])('%s, run on a server, reaches no idb', (entry) => {
    const reached = packagesReached(entry);
    expect(reached.get('idb'), `idb via ${reached.get('idb')?.join(' → ')}`).toBeUndefined();
    expect(reached.has('pg')).toBe(true); // the walk does follow the hub's imports
  });

  it('the background does reach zod (the walk would see it)', () => {
    expect(packagesReached('entrypoints/background.ts').has('zod')).toBe(true);
  });
});
