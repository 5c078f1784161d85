/**
 * What a person calls each kind of profile the extension recognises, in the order the panel lists
 * them. The networks keep the spec's neutral words (see lib/networks.ts).
 */
import type { ProfileKind } from '@/lib/detect';

export const PROFILE_KINDS: readonly ProfileKind[] = [
  'person',
  'company',
  'school',
  'job',
  'social',
  'microblog',
  'codehost',
];

export const KIND_NAMES: { readonly [K in ProfileKind]: { one: string; many: string } } = {
  person: { one: 'Person', many: 'People' },
  company: { one: 'Company', many: 'Companies' },
  school: { one: 'School', many: 'Schools' },
  job: { one: 'Job', many: 'Jobs' },
  social: { one: 'Social profile', many: 'Social profiles' },
  microblog: { one: 'Microblog profile', many: 'Microblog profiles' },
  codehost: { one: 'Code host profile', many: 'Code host profiles' },
};
