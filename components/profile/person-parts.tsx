/**
 * What the two person views (v2 `PersonView`, v3 `PersonV3View` in the side panel) draw alike: the
 * head, a folding section of entries, an entry's description, recommendations, languages and the
 * lists of related people. Each view reads its own answer's shape and hands these the values.
 */
import type { ComponentChildren } from 'preact';
import {
  Avatar,
  Block,
  Cover,
  Entry,
  FoldList,
  FoldText,
  type HeadingLevel,
  type RelatedEntry,
  RelatedList,
} from './parts';
import { humanize } from './profile-format';

/** The cover, the photo and the name, with what reads under the name (`children`). */
export function PersonHead({
  cover,
  photo,
  name,
  level,
  children,
}: {
  cover: string | null | undefined;
  photo: string | null | undefined;
  name: string | null;
  level: 2 | 3;
  children?: ComponentChildren;
}) {
  const Name = `h${level}` as 'h2';
  return (
    <>
      <Cover src={cover} />
      <header class="profile-head">
        <Avatar src={photo} name={name} shape="round" />
        <div class="profile-head-text">
          <Name class="profile-name">{name ?? 'Name not known'}</Name>
          {children}
        </div>
      </header>
    </>
  );
}

/** A section of entries that folds after a few; its heading counts `count` (the entries, unless told). */
export function EntryBlock<T>({
  title,
  level,
  items,
  noun,
  count = items.length,
  shown,
  render,
}: {
  title: string;
  level: HeadingLevel;
  items: readonly T[];
  noun: string;
  count?: number;
  shown?: number;
  render: (item: T) => ComponentChildren;
}) {
  return (
    <Block title={title} level={level} count={count}>
      <FoldList items={items} noun={noun} shown={shown} render={render} />
    </Block>
  );
}

/** An entry's description, folded when long; nothing when it has no text. */
export function Description({ text }: { text: string | null | undefined }) {
  return text?.trim() ? <FoldText text={text} max={160} /> : null;
}

/** The recommendations, each a quote; two shown before the list folds. */
export function Recommendations({
  texts,
  count,
  level,
}: {
  texts: readonly string[];
  count?: number;
  level: HeadingLevel;
}) {
  return (
    <EntryBlock
      title="Recommendations"
      level={level}
      items={texts}
      noun="recommendations"
      count={count}
      shown={2}
      render={(text) => (
        <blockquote class="recommendation">
          <FoldText text={text} max={200} />
        </blockquote>
      )}
    />
  );
}

/** Languages, each with its proficiency when told. */
export function LanguageEntries({
  languages,
}: {
  languages: readonly { name?: string | null; proficiency?: string | null }[];
}) {
  return (
    <ul class="entries compact">
      {languages.map((language, index) => (
        <li key={index}>
          <Entry main={language.name} sub={language.proficiency ? humanize(language.proficiency) : null} />
        </li>
      ))}
    </ul>
  );
}

/** Values shown as they are, one a line (phone numbers). */
export function PlainList({ items }: { items: readonly string[] }) {
  return (
    <ul class="entries compact">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The two lists of other people a profile names (people also viewed, similar names...). */
export function RelatedPeople<T>({
  lists,
  level,
  read,
}: {
  lists: readonly (readonly [title: string, items: readonly T[] | null | undefined])[];
  level: HeadingLevel;
  read: (item: T) => RelatedEntry;
}) {
  return (
    <>
      {lists.map(([title, items]) => (
        <RelatedList key={title} title={title} items={items} level={level} noun="people" read={read} />
      ))}
    </>
  );
}
