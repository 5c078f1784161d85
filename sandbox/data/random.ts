/**
 * The dataset's source of randomness: one Faker per name locale, all driven by one seedable
 * randomizer, plus the few sampling helpers Faker lacks (weighted picks from precomputed tables).
 *
 * Every record is generated right after `reseed([datasetSeed, stream, index])`, so a record's
 * content depends only on the dataset seed and its own index, never on which records were built
 * before it. That is what lets the big per-record objects be built lazily, in any order, and still
 * come out identical. Faker's own Mersenne Twister costs ~30 µs per reseed (20,000 people would
 * spend 0.6 s on seeding alone), so the randomizer here is sfc32, which reseeds in a few nanoseconds.
 */
import {
  base,
  de,
  en,
  en_IN,
  es,
  Faker,
  fr,
  ja,
  nl,
  pt_BR,
  type Randomizer,
  ru,
  zh_CN,
} from '@faker-js/faker';

/** The locales people's names are drawn from; `en` fills whatever a locale lacks. */
export type NameLocale = 'en' | 'en_IN' | 'es' | 'de' | 'fr' | 'nl' | 'pt_BR' | 'ru' | 'zh_CN' | 'ja';

const LOCALE_DEFINITIONS = { en, en_IN, es, de, fr, nl, pt_BR, ru, zh_CN, ja } as const;

/** Streams: independent sequences per kind of record, so adding a field to one kind shifts no other. */
export const STREAM = {
  company: 1,
  school: 2,
  person: 3,
  job: 4,
  personDetails: 5,
  companyDetails: 6,
  schoolDetails: 7,
  jobDetails: 8,
  personV3: 9,
  personEnrichment: 10,
  companyBlocks: 11,
  /** What changes when the sandbox's clock moves (./clock.ts); indexed by the advance. */
  clockPeople: 12,
  clockCompanies: 13,
} as const;

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) behind Faker's Randomizer interface. */
class Sfc32Randomizer implements Randomizer {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  seed(seed: number | number[]): void {
    // Mix every seed part into four words (murmur3-style finalisers), then discard a few outputs
    // so that nearby seeds ([s, 3, 41] and [s, 3, 42]) do not start with correlated values.
    let h1 = 0x9e3779b9;
    let h2 = 0x243f6a88;
    let h3 = 0xb7e15162;
    let h4 = 0x85a308d3;
    for (const part of Array.isArray(seed) ? seed : [seed]) {
      const k = Math.floor(part) | 0;
      h1 = Math.imul(h1 ^ k, 0x85ebca6b);
      h2 = Math.imul(h2 ^ (k + h1), 0xc2b2ae35);
      h3 = Math.imul(h3 ^ (k + h2), 0x27d4eb2f);
      h4 = Math.imul(h4 ^ (k + h3), 0x165667b1);
      h1 ^= h1 >>> 15;
      h2 ^= h2 >>> 13;
      h3 ^= h3 >>> 16;
      h4 ^= h4 >>> 15;
    }
    this.a = h1;
    this.b = h2;
    this.c = h3;
    this.d = h4 | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** An arrow function: Faker calls `next` detached from its object. */
  readonly next = (): number => {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A weighted table built once, sampled in O(log n). */
export interface WeightedTable<T> {
  items: readonly T[];
  cumulative: Float64Array;
  total: number;
}

export function weightedTable<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], i) => {
    total += weight;
    cumulative[i] = total;
  });
  return { items: entries.map(([item]) => item), cumulative, total };
}

/** Randomness for the generator: Faker per locale plus fast numeric helpers, all on one seed. */
export class DatasetRandom {
  private readonly randomizer = new Sfc32Randomizer();
  private readonly fakers = new Map<NameLocale, Faker>();
  /** The English Faker, for everything that is not a person's name or address. */
  readonly faker: Faker;

  constructor(readonly datasetSeed: number) {
    this.faker = this.fakerFor('en');
    this.faker.seed(datasetSeed);
  }

  /** Faker for a locale (created on first use), sharing this randomizer. */
  fakerFor(locale: NameLocale): Faker {
    let faker = this.fakers.get(locale);
    if (!faker) {
      const definitions = LOCALE_DEFINITIONS[locale];
      faker = new Faker({
        locale: locale === 'en' ? [en, base] : [definitions, en, base],
        randomizer: this.randomizer,
      });
      this.fakers.set(locale, faker);
    }
    return faker;
  }

  /** Restarts the sequence for one record of one stream (see the module comment). */
  reseed(stream: number, index: number): void {
    this.randomizer.seed([this.datasetSeed, stream, index]);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.randomizer.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.randomizer.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.randomizer.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.randomizer.next() * items.length)] as T;
  }

  /** `count` distinct items (fewer if the list is shorter), in random order. */
  pickSome<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const chosen: number[] = [];
    while (chosen.length < n) {
      const i = Math.floor(this.randomizer.next() * items.length);
      if (!chosen.includes(i)) chosen.push(i);
    }
    return chosen.map((i) => items[i] as T);
  }

  weighted<T>(table: WeightedTable<T>): T {
    const target = this.randomizer.next() * table.total;
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((table.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return table.items[lo] as T;
  }

  /** Log-uniform integer in [min, max]: as many values in 10–100 as in 1,000–10,000. */
  logInt(min: number, max: number): number {
    const lo = Math.log(Math.max(1, min));
    const hi = Math.log(Math.max(1, max));
    return Math.min(max, Math.max(min, Math.round(Math.exp(lo + this.randomizer.next() * (hi - lo)))));
  }

  /** `length` lower-case hex digits. */
  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.randomizer.next() * 16).toString(16);
    return out;
  }

  /** `length` decimal digits, the first not zero. */
  digits(length: number): string {
    let out = String(1 + Math.floor(this.randomizer.next() * 9));
    for (let i = 1; i < length; i++) out += Math.floor(this.randomizer.next() * 10);
    return out;
  }
}
