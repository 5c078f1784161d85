/**
 * API keys of the sandbox and their accounts. `SANDBOX_KEYS` is a comma list of `key=credits:plan`
 * (plan `growth` or `standard`), e.g. `demo=10000:standard,big=1000000:growth`.
 */

/** `growth` is a Growth or larger subscription, `standard` any other (some Limits rows depend on it). */
export type Plan = 'growth' | 'standard';

export interface KeySpec {
  key: string;
  credits: number;
  plan: Plan;
}

export const DEFAULT_KEYS_SPEC = 'demo=10000:standard';

const PLANS: readonly Plan[] = ['growth', 'standard'];

/** Parses `key=credits:plan,...`; throws with the faulty entry named, so a typo fails at start. */
export function parseKeys(spec: string): KeySpec[] {
  const keys = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(parseKeyEntry);
  if (keys.length === 0) throw new Error('SANDBOX_KEYS names no key');
  const seen = new Set<string>();
  for (const { key } of keys) {
    if (seen.has(key)) throw new Error(`SANDBOX_KEYS names the key "${key}" twice`);
    seen.add(key);
  }
  return keys;
}

function parseKeyEntry(entry: string): KeySpec {
  const match = /^([^=\s]+)=(\d+):(\w+)$/.exec(entry);
  const plan = match?.[3];
  if (!match || !isPlan(plan)) {
    throw new Error(`SANDBOX_KEYS entry "${entry}" is not key=credits:plan with plan growth or standard`);
  }
  return { key: match[1]!, credits: Number(match[2]), plan };
}

/** A key's live account: the balance moves as requests are charged. */
export interface Account {
  readonly key: string;
  plan: Plan;
  balance: number;
}

/** The accounts of one sandbox, restorable to how they started. */
export class Accounts {
  private readonly byKey = new Map<string, Account>();

  constructor(private readonly initial: readonly KeySpec[]) {
    this.reset();
  }

  get(key: string): Account | undefined {
    return this.byKey.get(key);
  }

  all(): Account[] {
    return [...this.byKey.values()];
  }

  /** Creates the key or changes its balance and plan (admin route; tests set up exhaustion with it). */
  set(key: string, changes: { credits?: number; plan?: Plan }): Account {
    const account = this.byKey.get(key) ?? { key, plan: 'standard', balance: 0 };
    if (changes.credits !== undefined) account.balance = changes.credits;
    if (changes.plan !== undefined) account.plan = changes.plan;
    this.byKey.set(key, account);
    return account;
  }

  /** Every key back to its configured balance and plan; keys added since are dropped. */
  reset(): void {
    this.byKey.clear();
    for (const { key, credits, plan } of this.initial) this.byKey.set(key, { key, plan, balance: credits });
  }
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
