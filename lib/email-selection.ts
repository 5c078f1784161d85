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
 * Every distinct address in a selection, in order. Surrounding words, angle brackets, quotes, a
 * `mailto:` prefix and trailing punctuation are left out.
 */
function emailsInSelection(selection: string): string[] {
  const found: string[] = [];
  for (const token of selection.replace(/mailto:/gi, ' ').split(SEPARATORS)) {
    if (!token.includes('@')) continue;
    const candidate = token.replace(EDGE_PUNCTUATION, '');
    if (!isEmailAddress(candidate)) continue;
    const address = normalize(candidate);
    if (!found.some((other) => sameAddress(other, address))) found.push(address);
  }
  return found;
}

/** Addresses compare as the service would: the local part's case aside, a domain's case never matters. */
function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The context menu's two email items: one titled with the selection, one on mailto: links. */
export type EmailMenuItem = 'selection' | 'link';

/** What the context menu reports of a click: the selected text, the link's address. */
export interface MenuClickContext {
  selectionText?: string;
  linkUrl?: string;
}

/**
 * The address a menu click buys, or why there is none: `none` when what was clicked holds no
 * address, `several` when it names more than one and the menu cannot tell which was meant (the
 * addresses are listed, and neither is looked up).
 */
export type MenuEmail =
  | { email: string }
  | { email: null; why: 'none' }
  | { email: null; why: 'several'; addresses: string[] };

/**
 * The address a context-menu item's click is about, read only from what that item shows. The
 * selection item's title repeats the selection, so it looks up the selection's address, never the
 * link around it (a page chooses a link's target, and the title would name another address). The
 * link item names no address, so it is taken only when nothing else on screen names a different
 * one: a selection naming another address, or a link to several, looks up neither.
 */
export function emailFromMenuClick(
  item: EmailMenuItem,
  { selectionText, linkUrl }: MenuClickContext,
): MenuEmail {
  const selected = selectionText ? emailsInSelection(selectionText) : [];
  const addresses =
    item === 'selection'
      ? selected
      : [...(linkUrl ? mailtoAddresses(linkUrl) : []), ...selected].filter(
          (address, index, all) => all.findIndex((other) => sameAddress(other, address)) === index,
        );
  if (addresses.length === 0) return { email: null, why: 'none' };
  if (addresses.length > 1) return { email: null, why: 'several', addresses };
  return { email: addresses[0]! };
}

/** A selection shortened for a message ("…" past SELECTION_EXCERPT_CHARS), whitespace folded. */
export function selectionExcerpt(selection: string): string {
  const flat = selection.replace(/\s+/g, ' ').trim();
  return flat.length > SELECTION_EXCERPT_CHARS ? `${flat.slice(0, SELECTION_EXCERPT_CHARS - 1)}…` : flat;
}
