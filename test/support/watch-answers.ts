/**
 * Answers to compare, as the background keeps them: the sandbox's own person and company answers
 * (asked over its HTTP app, read with the response schemas) and the real published ones
 * (test/fixtures/real/, whose SOURCES.md says where each came from), plus a deep copy to change by
 * hand into an "after". The sandbox's dataset is built on first use.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type CompanyProfile,
  companyProfileSchema,
  type PersonProfile,
  personProfileSchema,
} from '../../lib/api/schemas';
import type { Sandbox } from '../../sandbox/app';
import { unitDataset, unitSandbox } from './sandbox-service';

/** The sandbox's clock for these answers: the same dataset every run. */
const NOW = new Date('2026-11-27T00:00:00Z');

const REAL = resolve(__dirname, '../fixtures/real');

export function realAnswer(file: string): unknown {
  return JSON.parse(readFileSync(resolve(REAL, file), 'utf8'));
}

export const realPerson = (file = 'person-profile.json'): PersonProfile =>
  personProfileSchema.parse(realAnswer(file));
export const realCompany = (): CompanyProfile =>
  companyProfileSchema.parse(realAnswer('company-profile.json'));

/** A deep copy to change into the "after" of a comparison. */
export function copyOf<Answer>(answer: Answer): Answer {
  return structuredClone(answer);
}

let sandbox: Sandbox | undefined;
const dataset = () => unitDataset(NOW);

async function ask(path: string): Promise<unknown> {
  sandbox ??= unitSandbox({ now: () => NOW });
  const response = await sandbox.app.request(path, { headers: { Authorization: 'Bearer demo' } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function sandboxPerson(url: string): Promise<PersonProfile> {
  return personProfileSchema.parse(await ask(`/api/v2/profile?profile_url=${encodeURIComponent(url)}`));
}

export async function sandboxCompany(url: string): Promise<CompanyProfile> {
  return companyProfileSchema.parse(await ask(`/api/v2/company?url=${encodeURIComponent(url)}`));
}

/** The address of the sandbox's first person with experiences whose current positions number `count`. */
export function sandboxPersonUrl(count: number): string {
  const current = new Map<number, number>();
  for (const employment of dataset().employments)
    current.set(
      employment.personIndex,
      (current.get(employment.personIndex) ?? 0) + (employment.end ? 0 : 1),
    );
  const index = [...current].find(([, held]) => held === count)?.[0];
  if (index === undefined) throw new Error(`No sandbox person with ${count} current positions`);
  return dataset().people[index]!.url;
}

export const sandboxCompanyUrl = (): string => dataset().companies[0]!.url;
