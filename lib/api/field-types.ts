/**
 * What a form knows about an endpoint's parameters, as types: the kind of each field, its label,
 * choices, bounds and default, and the rules between fields. Plain data, no zod: ./fields carries
 * the values for every endpoint, ./params attaches the same metadata to its zod schemas.
 */
export type ParamKind =
  | 'text'
  | 'expression'
  | 'url'
  | 'email'
  | 'choice'
  | 'integer'
  | 'date'
  | 'country'
  | 'country-list'
  | 'list'
  | 'cursor';

/**
 * The metadata every field carries (`schema.shape[name].meta()`). A type alias, not an interface,
 * so it fits zod's indexable metadata type.
 */
export type ParamMeta = {
  label: string;
  help?: string;
  kind: ParamKind;
  /** Allowed values of a choice, in the spec's order and spelling. */
  options?: readonly string[];
  /** The documented default, filled in when the field is left blank. */
  default?: string | number;
  /** Integers: the range; expressions: `max` is the longest allowed, in characters. */
  min?: number;
  max?: number;
  /** Required on its own; rules between fields are in ParamRule. */
  required?: boolean;
};

export interface ParamField extends ParamMeta {
  name: string;
}

/** A test of one parameter's canonical value. */
export interface ParamIs {
  param: string;
  is: string;
}

/** A rule between an endpoint's fields, checked by its zod schema and shown by its form. */
export type ParamRule =
  /** Exactly one of these is given. */
  | { kind: 'exactly-one'; params: readonly string[] }
  /** At least one of these is given. */
  | { kind: 'at-least-one'; params: readonly string[] }
  /** Every one of these is given. */
  | { kind: 'all-required'; params: readonly string[] }
  /** Not both. */
  | { kind: 'not-both'; params: readonly [string, string] }
  /** `when` holds only together with `needs`. */
  | { kind: 'requires'; when: ParamIs; needs: ParamIs }
  /** `param` is at most `max` while any of `when` holds. */
  | { kind: 'cap'; param: string; max: number; when: readonly ParamIs[] }
  /** Informational: `param` (unless it is `unless`) wins over `over`; nothing is refused. */
  | { kind: 'precedence'; param: string; unless: string; over: readonly string[] };
