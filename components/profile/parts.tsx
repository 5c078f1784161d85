/**
 * The pieces every profile view is made of: links and images that let only http(s) through,
 * label–value facts, titled sections a screen reader can jump to, lists and texts that fold when
 * long, and an inert rendering of values whose shape the spec does not show. Everything from the
 * service is rendered as text: nothing is ever inserted as HTML.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { safeHttpUrl } from '../safe-url';
import { excerpt, formatNumber } from './profile-format';

/** A link to an http(s) URL, opened in a new tab; any other URL shows as its text, not clickable. */
export function ExternalLink({
  href,
  children,
}: {
  href: string | null | undefined;
  children: ComponentChildren;
}) {
  const safe = safeHttpUrl(href);
  if (!safe) return <span>{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function initialsOf(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}

/**
 * A photo or logo from an http(s) URL, or the initials of the name when there is none or it does
 * not load. Sent without a referrer: the image host need not learn what the person is reading.
 */
export function Avatar({
  src,
  name,
  shape,
}: {
  src: string | null | undefined;
  name: string | null;
  shape: 'round' | 'square';
}) {
  const [failed, setFailed] = useState(false);
  const safe = safeHttpUrl(src);
  const className = `avatar avatar-${shape}`;
  if (safe && !failed) {
    return (
      <img
        class={className}
        src={safe}
        alt=""
        width={56}
        height={56}
        referrerpolicy="no-referrer"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span class={`${className} avatar-initials`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/** A profile's cover image, decorative; nothing when it is not http(s) or does not load. */
export function Cover({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  const safe = safeHttpUrl(src);
  if (!safe || failed) return null;
  return (
    <img
      class="profile-cover"
      src={safe}
      alt=""
      referrerpolicy="no-referrer"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export type HeadingLevel = 2 | 3 | 4 | 5;

export function Heading({
  level,
  id,
  class: className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  class?: string;
  children: ComponentChildren;
}) {
  const Tag = `h${level}` as 'h2';
  return (
    <Tag id={id} class={className}>
      {children}
    </Tag>
  );
}

export type FactRow = readonly [label: string, value: ComponentChildren | null | undefined];

/** Label–value rows; a row whose value is null or empty is left out, and no rows means no list. */
export function Facts({ rows }: { rows: readonly FactRow[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl class="facts">
      {shown.map(([label, value]) => (
        <div class="fact" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled part of a profile: its heading is a landmark a screen reader can jump to. */
export function Block({
  title,
  level,
  count,
  children,
}: {
  title: string;
  level: HeadingLevel;
  /** How many entries it holds, said after the title. */
  count?: number;
  children: ComponentChildren;
}) {
  const id = useId();
  return (
    <section class="profile-section" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title}
        {count !== undefined && count > 1 && (
          <>
            {' '}
            <span class="count">{formatNumber(count)}</span>
          </>
        )}
      </Heading>
      {children}
    </section>
  );
}

/** Entries shown before a list folds. */
export const FOLD_AFTER = 3;

/**
 * A list that shows its first entries and folds the rest behind "Show all N", which the person
 * can fold again. The button says what it does and controls the list (aria-expanded).
 */
export function FoldList<T>({
  items,
  render,
  keyOf,
  noun,
  shown = FOLD_AFTER,
  class: className = 'entries',
}: {
  items: readonly T[];
  render: (item: T, index: number) => ComponentChildren;
  keyOf?: (item: T, index: number) => string | number;
  /** What an entry is, plural: "Show all 11 experiences". */
  noun: string;
  shown?: number;
  class?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const folds = items.length > shown + 1;
  const visible = folds && !open ? items.slice(0, shown) : items;
  return (
    <>
      <ul class={className} id={id}>
        {visible.map((item, index) => (
          <li key={keyOf ? keyOf(item, index) : index}>{render(item, index)}</li>
        ))}
      </ul>
      {folds && (
        <button
          type="button"
          class="link fold-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? `Show fewer ${noun}` : `Show all ${formatNumber(items.length)} ${noun}`}
        </button>
      )}
    </>
  );
}

/** Characters of a long text shown before it folds. */
export const TEXT_FOLD_CHARS = 280;

/** A text from the service, with its line breaks; a long one folds behind "Show more". */
export function FoldText({ text, max = TEXT_FOLD_CHARS }: { text: string; max?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.replace(/\s+/g, ' ').trim().length > max;
  return (
    <div class="fold-text">
      <p class="text" id={id}>
        {long && !open ? excerpt(text, max) : text.trim()}
      </p>
      {long && (
        <button
          type="button"
          class="link fold-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

/** Short values as chips; past `limit` they fold. */
export function Chips({ items, limit = 12 }: { items: readonly string[]; limit?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const folds = items.length > limit + 1;
  const shown = folds && !open ? items.slice(0, limit) : items;
  return (
    <>
      <ul class="chips" id={id}>
        {shown.map((item, index) => (
          <li key={`${index}:${item}`}>{item}</li>
        ))}
      </ul>
      {folds && (
        <button
          type="button"
          class="link fold-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show fewer' : `Show all ${formatNumber(items.length)}`}
        </button>
      )}
    </>
  );
}

/** An entry of a list: its main line, what qualifies it, and details under it. */
export function Entry({
  main,
  sub,
  meta,
  children,
}: {
  main: ComponentChildren;
  sub?: ComponentChildren;
  meta?: ComponentChildren;
  children?: ComponentChildren;
}) {
  const present = (value: ComponentChildren) =>
    value !== null && value !== undefined && value !== '' && value !== false;
  return (
    <div class="entry">
      {present(main) && <span class="entry-main">{main}</span>}
      {present(sub) && <span class="entry-sub">{sub}</span>}
      {present(meta) && <span class="entry-meta">{meta}</span>}
      {children}
    </div>
  );
}

/** Present and not empty: a string with text, a non-empty array, any other value. */
export function hasData(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(hasData);
  return true;
}

/** "funding_data" → "Funding data"; "publishedDate" → "Published date". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Nesting past which a value of unknown shape is no longer unfolded. */
const MAX_DEPTH = 4;

/**
 * A value whose shape the spec does not show (optional company blocks, the v2 arrays it leaves
 * unshown), drawn as what it is: objects as label–value lists, arrays as lists, everything else as
 * text. An http(s) string becomes a link; nothing else does.
 */
export function AnyValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined || value === '') return <span class="muted">none</span>;
  if (typeof value === 'string') {
    return safeHttpUrl(value) ? <ExternalLink href={value}>{value}</ExternalLink> : <span>{value}</span>;
  }
  if (typeof value === 'number') return <span>{formatNumber(value)}</span>;
  if (typeof value === 'boolean') return <span>{value ? 'yes' : 'no'}</span>;
  if (depth >= MAX_DEPTH) return <code>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">none</span>;
    if (value.every((item) => typeof item === 'string')) return <Chips items={value as string[]} />;
    return (
      <FoldList
        items={value}
        noun="entries"
        class="entries any-list"
        render={(item) => <AnyValue value={item} depth={depth + 1} />}
      />
    );
  }
  // What is left is an object: its entries are values of unknown shape too.
  const entries: [string, unknown][] = Object.entries(value).filter(([, inner]) => hasData(inner));
  if (entries.length === 0) return <span class="muted">none</span>;
  return (
    <dl class="any-object">
      {entries.map(([key, inner]) => (
        <div key={key}>
          <dt>{labelOf(key)}</dt>
          <dd>
            <AnyValue value={inner} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An entry of a list whose shape is not shown: its title (or name) first, linked if it has a URL. */
export function UnshownEntry({ item }: { item: Record<string, unknown> }) {
  const title = [item.title, item.name].find((value) => typeof value === 'string' && value.trim());
  const href = [item.url, item.link].find((value) => typeof value === 'string' && safeHttpUrl(value));
  const rest = Object.fromEntries(
    Object.entries(item).filter(([key]) => !['title', 'name', 'url', 'link'].includes(key)),
  );
  return (
    <div class="entry">
      {typeof title === 'string' && (
        <span class="entry-main">
          {typeof href === 'string' ? <ExternalLink href={href}>{title}</ExternalLink> : title}
        </span>
      )}
      {hasData(rest) && <AnyValue value={rest} depth={1} />}
    </div>
  );
}

/**
 * Asked for, but the service had nothing: said plainly, so the person knows it was looked for.
 * `free`: the addition is charged only if data is available, so nothing was charged for it.
 */
export function NotAvailable({ free = false }: { free?: boolean }) {
  return (
    <p class="muted small">
      {free
        ? 'Not available for this profile; nothing was charged for it.'
        : 'Not available for this profile.'}
    </p>
  );
}

/** How one entry of a list of related profiles reads: its link, name, a line about it and where. */
export interface RelatedEntry {
  url: string | null | undefined;
  name: string | null | undefined;
  sub: string | null | undefined;
  meta: string | null | undefined;
}

/**
 * A folded list of related profiles (people also viewed, similar companies, related profiles of
 * v3): each entry its name linked (http(s) only), a line and a place. `read` says where an
 * answer's entry keeps them.
 */
export function RelatedList<T>({
  title,
  items,
  level,
  noun,
  read,
}: {
  title: string;
  items: readonly T[] | null | undefined;
  level: HeadingLevel;
  noun: string;
  read: (item: T) => RelatedEntry;
}) {
  const shown = items?.filter(hasData) ?? [];
  if (shown.length === 0) return null;
  return (
    <Block title={title} level={level} count={shown.length}>
      <FoldList
        items={shown}
        noun={noun}
        render={(item) => {
          const entry = read(item);
          return (
            <Entry
              main={
                <ExternalLink href={entry.url}>{entry.name ?? entry.url ?? 'Name not known'}</ExternalLink>
              }
              sub={entry.sub}
              meta={entry.meta}
            />
          );
        }}
      />
    </Block>
  );
}
