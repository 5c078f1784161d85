/**
 * API keys of the sandbox and their accounts. `SANDBOX_KEYS` is a comma list of
 * `key=credits:plan[:charge-on-client-gone]` (plan `growth` or `standard`), e.g.
 * `demo=10000:standard,big=1000000:growth,strict=500:standard:charge-on-client-gone`.
 */

/** `growth` is a Growth or larger subscription, `standard` any other (some Limits rows depend on it). */
export type Plan = 'growth' | 'standard';

export interface KeySpec {
  key: string;
  credits: number;
  plan: Plan;
  /**
   * Charge a request that reached the sandbox even when its client left before the answer (README,
   * "Clients that leave"). Default false: such a request is charged nothing.
   */
  chargeOnClientGone?: boolean;
}

export const DEFAULT_KEYS_SPEC = 'demo=10000:standard';

const PLANS: readonly Plan[] = ['growth', 'standard'];

/** The flag of a `SANDBOX_KEYS` entry that sets {@link KeySpec.chargeOnClientGone}. */
export const CHARGE_ON_CLIENT_GONE_FLAG = 'charge-on-client-gone';

/** Parses `key=credits:plan[:flag],...`; throws with the faulty entry named, so a typo fails at start. */
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
  const match = /^([^=\s]+)=(\d+):(\w+)(?::([\w-]+))?$/.exec(entry);
  const plan = match?.[3];
  const flag = match?.[4];
  if (!match || !isPlan(plan) || (flag !== undefined && flag !== CHARGE_ON_CLIENT_GONE_FLAG)) {
    throw new Error(
      `SANDBOX_KEYS entry "${entry}" is not key=credits:plan[:${CHARGE_ON_CLIENT_GONE_FLAG}] with plan growth or standard`,
    );
  }
  // Left out when not set, so a parsed key compares equal to a hand-written KeySpec.
  return { key: match[1]!, credits: Number(match[2]), plan, ...(flag ? { chargeOnClientGone: true } : {}) };
}

/** A key's live account: the balance moves as requests are charged. */
export interface Account {
  readonly key: string;
  plan: Plan;
  balance: number;
  /** See {@link KeySpec.chargeOnClientGone}. */
  chargeOnClientGone: boolean;
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

  /** Creates the key or changes its settings (admin route; tests set up exhaustion with it). */
  set(key: string, changes: { credits?: number; plan?: Plan; chargeOnClientGone?: boolean }): Account {
    const account = this.byKey.get(key) ?? { key, plan: 'standard', balance: 0, chargeOnClientGone: false };
    if (changes.credits !== undefined) account.balance = changes.credits;
    if (changes.plan !== undefined) account.plan = changes.plan;
    if (changes.chargeOnClientGone !== undefined) account.chargeOnClientGone = changes.chargeOnClientGone;
    this.byKey.set(key, account);
    return account;
  }

  /** Every key back to how it was configured; keys added since are dropped. */
  reset(): void {
    this.byKey.clear();
    for (const { key, credits, plan, chargeOnClientGone = false } of this.initial)
      this.byKey.set(key, { key, plan, balance: credits, chargeOnClientGone });
  }
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
