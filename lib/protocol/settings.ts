/** Settings and account: the settings as pages see them (never the key), the connection, the spending. */
import type { ApiErrorJson } from '../api/errors';
import type { Connection, SecretSetting, Settings } from '../settings';

/** Settings as pages see them: the key and the member token never leave the background, only whether one is set. */
export interface PublicSettings extends Omit<Settings, SecretSetting> {
  apiKeySet: boolean;
  /** Last four characters, for recognising which key is set. */
  apiKeyHint: string;
  hubTokenSet: boolean;
  /** Last four characters of the member token. */
  hubTokenHint: string;
}

export interface ConnectionTest {
  /** Test these values before saving them; omitted fields use the saved settings. */
  apiKey?: string;
  baseUrlV2?: string;
  baseUrlV3?: string;
  connection?: Connection;
  hubUrl?: string;
  hubToken?: string;
}

/**
 * The member's standing at their team's hub (GET /hub/v1/me), in team mode: their budget and what
 * they spent. Budgets are null when the admin set none.
 */
export interface HubMember {
  name: string;
  dailyBudget: number | null;
  monthlyBudget: number | null;
  spentToday: number;
  leftToday: number | null;
  spentThisMonth: number;
  leftThisMonth: number | null;
}

export type ConnectionResult =
  | { ok: true; balance: number | null; member?: HubMember }
  | { ok: false; error: ApiErrorJson };

export interface LedgerLine {
  at: number;
  endpointId: string;
  summary: string;
  credits: number | null;
  cached: boolean;
  /** Its answer was lost (worker stopped, connection broke): the cost was read from the balance. */
  interrupted?: boolean;
  /** Where that cost cannot be told exactly (yet): the range it lies in; max null: unbounded. */
  creditsRange?: { min: number; max: number | null };
  /** false while the service might still charge it. */
  settled?: boolean;
  /**
   * Team mode: the hub reported more than the call's quote allows; `credits` is that maximum and
   * this is what the hub reported.
   */
  reportedCredits?: number;
}

/** Today's spending after an action, for the footer and the budget. */
export interface SpendTotals {
  today: number;
  month: number;
  dailyBudget: number | null;
  /** null when no budget is set. */
  remainingToday: number | null;
  /**
   * The last balance read from the service less what was recorded since; null when the service
   * does not say (or was not asked yet): an unknown balance is not zero.
   */
  balance: number | null;
}

/** Today's spending and the balance (SpendTotals, as a run also answers them), and what the options page shows. */
export interface Account extends SpendTotals {
  /** When the balance was read from the service (ms since epoch); null when never. */
  balanceAt: number | null;
  recent: LedgerLine[];
  cache: { entries: number; bytes: number };
  /**
   * The service asked (a 429) to wait past what is obeyed (lib/api/errors.ts RETRY_AFTER_MAX_SECONDS):
   * until when (ms since epoch), while requests are paused for it.
   */
  askedToWaitUntil?: number;
  /**
   * Team mode: the member's budget and spend as the hub tells them (the hub holds the account, so
   * there is no balance to read); null when the hub could not be asked.
   */
  hub?: { member: HubMember | null; error?: ApiErrorJson };
}

export interface SettingsMessages {
  'settings.get'(): PublicSettings;
  'settings.save'(
    data: Partial<Settings>,
  ): { ok: true; settings: PublicSettings } | { ok: false; error: string };
  'connection.test'(data: ConnectionTest): ConnectionResult;
  'account.get'(): Account;
}
