/**
 * A form over one endpoint's parameters (lib/api/fields.ts): what the person typed, what is wrong
 * with it as they type (formProblems: each value's own checks and the rules between fields), and the
 * params to quote and send, which settle a moment after the last keystroke so that a quote is not
 * asked for every key. `params` is null while anything is wrong: nothing is quoted or sent then.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type FormValues, formProblems, PARAM_FIELDS } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';
import type { RawParamsMessage } from '@/lib/protocol';

/** How long typing must pause before the params settle (and the quote is asked for). */
export const SETTLE_MS = 300;

export interface ParamForm {
  endpointId: EndpointId;
  values: Readonly<Record<string, string>>;
  set: (name: string, value: string) => void;
  /** Replaces every value at once and settles at once (reopening a recent search). */
  replace: (values: RawParamsMessage) => void;
  clear: () => void;
  /** What is wrong, by field name; empty when the form may be sent. */
  problems: Readonly<Record<string, string>>;
  /** The params as typed now (blank fields left out), or null while anything is wrong. */
  current: RawParamsMessage | null;
  /** `current` once typing paused: what to quote and send. */
  params: RawParamsMessage | null;
  /** The person is typing: `params` is behind `current`. */
  settling: boolean;
  /** How many fields hold a value. */
  given: number;
}

/** The values a person gave, trimmed (blank ones are "not given"), over what the view fixed. */
export function paramsOf(
  endpointId: EndpointId,
  values: FormValues,
  fixed: Readonly<Record<string, string>> = {},
): RawParamsMessage {
  const params: RawParamsMessage = { ...fixed };
  for (const field of PARAM_FIELDS[endpointId]) {
    const value = values[field.name];
    if (value === undefined || field.name in fixed) continue;
    const text = String(value).trim();
    if (text !== '') params[field.name] = text;
  }
  return params;
}

export interface ParamFormOptions {
  /** What the form starts with, and goes back to when cleared (e.g. a cheap first page size). */
  initial?: Readonly<Record<string, string>>;
  /**
   * Params the view sets itself (a section's company URL): sent with every question, never edited;
   * a problem with one is in `problems` under its name, as any other.
   */
  fixed?: Readonly<Record<string, string>>;
  settleMs?: number;
}

const NOTHING_FIXED: Readonly<Record<string, string>> = {};

export function useParamForm(endpointId: EndpointId, options: ParamFormOptions = {}): ParamForm {
  const { initial = {}, fixed = NOTHING_FIXED, settleMs = SETTLE_MS } = options;
  const fixedKey = JSON.stringify(fixed);
  const [values, setValues] = useState<Record<string, string>>({ ...initial });
  const problems = useMemo(
    () => formProblems(endpointId, { ...values, ...fixed }),
    [endpointId, values, fixedKey],
  );
  const current = useMemo(
    () => (Object.keys(problems).length > 0 ? null : paramsOf(endpointId, values, fixed)),
    [endpointId, values, problems],
  );
  const currentKey = JSON.stringify(current);
  const [settled, setSettled] = useState<{ key: string; params: RawParamsMessage | null }>({
    key: currentKey,
    params: current,
  });

  useEffect(() => {
    if (settled.key === currentKey) return;
    const timer = setTimeout(() => setSettled({ key: currentKey, params: current }), settleMs);
    return () => clearTimeout(timer);
  }, [currentKey]);

  return {
    endpointId,
    values,
    set(name, value) {
      setValues((before) => ({ ...before, [name]: value }));
    },
    replace(next) {
      const text: Record<string, string> = {};
      for (const [name, value] of Object.entries(next)) if (value !== null) text[name] = String(value);
      setValues(text);
      const params =
        Object.keys(formProblems(endpointId, { ...text, ...fixed })).length > 0
          ? null
          : paramsOf(endpointId, text, fixed);
      setSettled({ key: JSON.stringify(params), params });
    },
    clear() {
      setValues({ ...initial });
    },
    problems,
    current,
    params: settled.params,
    settling: settled.key !== currentKey,
    given: Object.values(values).filter((value) => value.trim() !== '').length,
  };
}
