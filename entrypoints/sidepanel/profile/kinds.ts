/**
 * What a person calls each kind of profile, in the order the panel lists them: read from the one
 * table of kinds (lib/profiles.ts).
 */
import { PROFILE_KIND_INFO, PROFILE_KINDS, type ProfileKind } from '@/lib/profiles';

export { PROFILE_KINDS };

export const KIND_NAMES: { readonly [K in ProfileKind]: { one: string; many: string } } = PROFILE_KIND_INFO;
