/**
 * The email address in what a person right-clicked: a selection of text ("Write to Ada
 * <ada@example.com>."), or a `mailto:` link. Pure and zod-free: the background reads the context
 * menu's click with it, the lists page an email column, and the lookup form's own check (fieldProblem) decides what is an address,
 * so the menu never asks the service about something the form would refuse.
 */
import { fieldProblem, PARAM_FIELDS } from './api/fields';
import { extractEmails, mailtoAddresses } from './profile-urls';

const EMAIL_FIELD = PARAM_FIELDS['email.lookup'].find((field) => field.name === 'email')!;

/** How much of a refused selection a message repeats. */
export const SELECTION_EXCERPT_CHARS = 60;

/** Characters that end a candidate address in running text: space, brackets, quotes, separators. */
const SEPARATORS = /[\s<>()[\]{}"“”‘’«»,;:|\\]+/;
/** Punctuation a sentence puts around an address, never part of it at either end. */
const EDGE_PUNCTUATION = /^[.'`!?…*_~-]+|[.'`!?…*_~-]+$/g;

/** The address as the lookup sends it: trimmed, domain lower-cased (the local part is kept as is). */
function normalize(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

/**
 * What the lookup form accepts (fieldProblem), with a domain the page scan would take for one
 * (./profile-urls: real labels and top-level domain, not `logo@2x.png`): a deep lookup is charged
 * even when nothing is found, so nothing that only looks like an address is sent.
 */
export function isEmailAddress(candidate: string): boolean {
  if (fieldProblem(EMAIL_FIELD, candidate) !== undefined) return false;
  const probe = `x@${candidate.slice(candidate.lastIndexOf('@') + 1)}`.toLowerCase();
  return extractEmails(probe)[0] === probe;
}

/**
 * The first email address in a selection, or null when there is none. Surrounding words, angle
 * brackets, quotes, a `mailto:` prefix and trailing punctuation are left out.
 */
export function emailFromSelection(selection: string): string | null {
  const text = selection.replace(/mailto:/gi, ' ');
  for (const token of text.split(SEPARATORS)) {
    if (!token.includes('@')) continue;
    const candidate = token.replace(EDGE_PUNCTUATION, '');
    if (isEmailAddress(candidate)) return normalize(candidate);
  }
  return null;
}

/** The (first) address of a `mailto:` link, or null for any other link or a malformed one. */
export function emailFromMailto(link: string): string | null {
  return mailtoAddresses(link)[0] ?? null;
}

/** What the context menu reports of a click: the selected text, the link's address. */
export interface MenuClickContext {
  selectionText?: string;
  linkUrl?: string;
}

/** The address a context-menu click is about: the mailto link's, else the selection's. */
export function emailFromMenuClick({ selectionText, linkUrl }: MenuClickContext): string | null {
  return (
    (linkUrl ? emailFromMailto(linkUrl) : null) ?? (selectionText ? emailFromSelection(selectionText) : null)
  );
}

/** A selection shortened for a message ("…" past SELECTION_EXCERPT_CHARS), whitespace folded. */
export function selectionExcerpt(selection: string): string {
  const flat = selection.replace(/\s+/g, ' ').trim();
  return flat.length > SELECTION_EXCERPT_CHARS ? `${flat.slice(0, SELECTION_EXCERPT_CHARS - 1)}…` : flat;
}
