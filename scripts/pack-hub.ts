/**
 * `npm run hub:pack [-- --destination <folder>]`: the team hub as a tarball a server installs with
 * `npm ci --omit=dev` (hub/README.md, "Installing on a server"): the build (scripts/build-hub.ts),
 * hub/package.json, its README and schema, and an npm-shrinkwrap.json, the lock `npm ci` needs.
 *
 * The shrinkwrap is the root package-lock.json cut down to the hub's dependencies and theirs, as
 * that lock resolved them, so a server installs the very versions the tests ran with; it is made
 * from the lock alone (no registry asked), for the pack only.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHub, HUB_DIR } from './build-hub';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  link?: boolean;
  [field: string]: unknown;
}

interface Lock {
  name: string;
  version: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

interface Manifest {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  engines?: Record<string, string>;
}

/** Where Node finds `name` from the package at `from` (a lock path: `hub`, `node_modules/pg`, …). */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | null {
  for (let dir = from; ; ) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate] && !packages[candidate].link) return candidate;
    if (dir === '') return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** A lock path of the root's tree as it is in the installed hub's, where the hub is the root. */
function reRooted(path: string, workspace: string): string {
  return path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
}

/**
 * The hub's lock: every package its dependencies reach, at the path and version the root lock has,
 * marked `optional` only where reached through optional dependencies alone (pg's pg-cloudflare),
 * and never `dev`: on the server they are what the hub runs on.
 */
export function hubShrinkwrap(rootLock: Lock, manifest: Manifest, workspace = 'hub'): Lock {
  const { packages } = rootLock;
  const required = new Set<string>();
  const reached = new Set<string>();
  const queue: { from: string; name: string; optional: boolean }[] = Object.keys(manifest.dependencies).map(
    (name) => ({ from: workspace, name, optional: false }),
  );
  for (let edge = queue.shift(); edge !== undefined; edge = queue.shift()) {
    const path = resolveIn(packages, edge.from, edge.name);
    if (path === null) {
      if (edge.optional) continue;
      throw new Error(`${edge.name} (needed by ${edge.from}) is not in package-lock.json: run npm install`);
    }
    const firstTime = !reached.has(path);
    const nowRequired = !edge.optional && !required.has(path);
    if (!firstTime && !nowRequired) continue;
    reached.add(path);
    if (!edge.optional) required.add(path);
    const entry = packages[path]!;
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    for (const name of Object.keys(entry.dependencies ?? {}))
      queue.push({ from: path, name, optional: edge.optional });
    for (const name of Object.keys(entry.optionalDependencies ?? {}))
      queue.push({ from: path, name, optional: true });
    for (const name of Object.keys(entry.peerDependencies ?? {}))
      queue.push({ from: path, name, optional: edge.optional || optionalPeers[name]?.optional === true });
  }
  const shrinkwrap: Lock['packages'] = {
    '': {
      name: manifest.name,
      version: manifest.version,
      dependencies: manifest.dependencies,
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    },
  };
  for (const path of [...reached].sort()) {
    const { dev, devOptional, peer, optional, ...entry } = packages[path]!;
    const target = reRooted(path, workspace);
    if (shrinkwrap[target]) throw new Error(`Two packages at ${target} in the hub's lock`);
    shrinkwrap[target] = required.has(path) ? entry : { ...entry, optional: true };
  }
  return {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: rootLock.lockfileVersion,
    requires: true,
    packages: shrinkwrap,
  };
}

/**
 * Builds the hub and packs it into `destination`; returns the tarball's path. The package is put
 * together in a folder of its own (the build, the hub's package.json, README and schema, the
 * shrinkwrap), so a pack leaves hub/ as it was and two packs at once (the hub's tests on PGlite and
 * on PostgreSQL run side by side) do not build into the same folder.
 */
export async function packHub(destination: string): Promise<string> {
  const staging = mkdtempSync(join(tmpdir(), 'hub-pack-'));
  try {
    await buildHub(join(staging, 'dist'));
    for (const file of ['package.json', 'README.md', 'schema.sql'])
      copyFileSync(join(HUB_DIR, file), join(staging, file));
    const manifest = JSON.parse(readFileSync(join(HUB_DIR, 'package.json'), 'utf8')) as Manifest;
    const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    writeFileSync(
      join(staging, 'npm-shrinkwrap.json'),
      `${JSON.stringify(hubShrinkwrap(rootLock, manifest), null, 2)}\n`,
    );
    mkdirSync(destination, { recursive: true });
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(destination)], {
      cwd: staging,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [packed] = JSON.parse(output) as { filename: string }[];
    if (!packed) throw new Error('npm pack made no tarball');
    return join(resolve(destination), packed.filename);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--destination');
  const destination = at === -1 ? ROOT : (process.argv[at + 1] ?? ROOT);
  packHub(destination).then(
    (tarball) =>
      console.log(`Hub packed: ${tarball}\nOn the server: npm ci --omit=dev && npm start (hub/README.md)`),
    (error: unknown) => {
      console.error(`hub:pack: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
