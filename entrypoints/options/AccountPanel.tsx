/**
 * What has been spent and what is kept: credits today and this month against the budget, the
 * service's balance, the latest ledger lines, and the cache with a way to clear it.
 */
import { useState } from 'preact/hooks';
import { endpointTitle, formatBytes, formatCredits, formatMoment, hubMemberWords } from '@/components/format';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { lostChargeShort, lostChargeText } from '@/components/spend/charge-format';
import { ApiError, RETRY_AFTER_MAX_SECONDS, type UserMessage, userMessage } from '@/lib/api/errors';
import type { Account } from '@/lib/protocol';
import { formatAge } from '@/lib/quote-format';

export type AccountPanelState =
  | { status: 'loading' }
  | { status: 'error'; message: UserMessage }
  | { status: 'ready'; account: Account };

export interface AccountPanelProps {
  state: AccountPanelState;
  onRetry: () => void;
  onClearCache: () => void;
  clearingCache: boolean;
  /** The current time, for reading ledger times as "today" or not. */
  now?: number;
}

export function AccountPanel({ state, onRetry, onClearCache, clearingCache, now }: AccountPanelProps) {
  return (
    <section class="card" aria-labelledby="account-heading">
      <header class="split">
        <h2 id="account-heading">Account</h2>
        {state.status !== 'loading' && (
          <button type="button" class="small" onClick={onRetry}>
            Refresh
          </button>
        )}
      </header>
      {state.status === 'loading' && <Busy>Loading your account…</Busy>}
      {state.status === 'error' && <ErrorNotice message={state.message} />}
      {state.status === 'ready' && (
        <>
          {state.account.askedToWaitUntil !== undefined && (
            <AskedToWait until={state.account.askedToWaitUntil} />
          )}
          {state.account.hub && <TeamHubFigures hub={state.account.hub} />}
          <Figures account={state.account} />
          <Ledger recent={state.account.recent} now={now} />
          <Cache cache={state.account.cache} onClear={onClearCache} clearing={clearingCache} />
        </>
      )}
    </section>
  );
}

/** A server that asked to be left alone for longer than is obeyed: said, with what the extension does. */
function AskedToWait({ until }: { until: number }) {
  const message = userMessage(new ApiError('rate-limited', { waitUntil: until }));
  return (
    <Notice tone="info" title={message.title}>
      <p>
        Requests with this key are paused for up to {formatAge(RETRY_AFTER_MAX_SECONDS)} at a time; running
        batches and lists stop until you resume them.
      </p>
    </Notice>
  );
}

function Figures({ account }: { account: Account }) {
  return (
    <dl class="figures">
      <div class="figure">
        <dt>Spent today</dt>
        <dd>{formatCredits(account.today)}</dd>
      </div>
      <div class="figure">
        <dt>Spent this month</dt>
        <dd>{formatCredits(account.month)}</dd>
      </div>
      <div class="figure">
        <dt>Left of today's budget</dt>
        <dd>{account.remainingToday === null ? 'No budget set' : formatCredits(account.remainingToday)}</dd>
      </div>
      {!account.hub && (
        <div class="figure">
          <dt>Service balance</dt>
          <dd>{account.balance === null ? 'balance unknown' : formatCredits(account.balance)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Team mode: the member's budget and spend as the team's hub tells them (the hub holds the
 * account, so there is no balance of the service here).
 */
function TeamHubFigures({ hub }: { hub: NonNullable<Account['hub']> }) {
  const { member } = hub;
  if (!member)
    return (
      <ErrorNotice
        message={
          hub.error
            ? userMessage(ApiError.fromJSON(hub.error))
            : {
                title: 'The team hub could not be asked',
                action: 'Check its address and your token, then Refresh',
              }
        }
      />
    );
  const left = (credits: number | null) => (credits === null ? 'No budget set' : formatCredits(credits));
  return (
    <div class="stack">
      <h3>At the team hub</h3>
      <p class="muted">{hubMemberWords(hub)}</p>
      <dl class="figures">
        <div class="figure">
          <dt>You spent today</dt>
          <dd>{formatCredits(member.spentToday)}</dd>
        </div>
        <div class="figure">
          <dt>Left today</dt>
          <dd>{left(member.leftToday)}</dd>
        </div>
        <div class="figure">
          <dt>You spent this month</dt>
          <dd>{formatCredits(member.spentThisMonth)}</dd>
        </div>
        {member.monthlyBudget !== null && (
          <div class="figure">
            <dt>Left this month</dt>
            <dd>{left(member.leftThisMonth)}</dd>
          </div>
        )}
      </dl>
      <h3>On this computer</h3>
    </div>
  );
}

function Ledger({ recent, now }: { recent: Account['recent']; now?: number }) {
  return (
    <div class="stack">
      <h3>Recent lookups</h3>
      {recent.length === 0 ? (
        <p class="empty">No credits spent yet</p>
      ) : (
        <ul class="ledger">
          {recent.map((line) => (
            <li
              key={`${line.at}-${line.endpointId}-${line.summary}`}
              class={line.interrupted ? 'ledger-interrupted' : undefined}
            >
              <span class="ledger-what">{endpointTitle(line.endpointId)}</span>
              <span class="ledger-cost">{lineCost(line)}</span>
              <span class="ledger-summary">{line.summary}</span>
              <time dateTime={new Date(line.at).toISOString()}>{formatMoment(line.at, now)}</time>
              {(line.interrupted || line.reportedCredits !== undefined) && (
                // The theme's ledger grid has no cell for a note: it spans the line's width.
                <span class="ledger-note muted" style={{ gridColumn: '1 / -1', fontSize: '0.85rem' }}>
                  {line.interrupted ? interruptedNote(line) : reportedNote(line)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Line = Account['recent'][number];

/** An interrupted line's charge as lib/background/service.ts read it from the balance. */
function lostCharge(line: Line) {
  return {
    credits: line.credits,
    range: line.creditsRange ?? { min: line.credits ?? 0, max: line.credits },
    settled: line.settled ?? true,
  };
}

/** "Interrupted: the answer was lost; cost 0–2 credits (…)": what the person needs to know. */
function interruptedNote(line: Line): string {
  return `Interrupted: the answer was lost; ${lostChargeText(lostCharge(line))}.`;
}

/** A charge the team hub reported past what the call could cost: counted at that most, and said. */
function reportedNote(line: Line): string {
  return `The team hub reported ${formatCredits(line.reportedCredits ?? 0)}, more than this could cost: counted at ${formatCredits(line.credits ?? 0)}. Tell your team hub's admin.`;
}

function lineCost(line: Line): string {
  if (line.interrupted) return `${lostChargeShort(lostCharge(line))} · interrupted`;
  if (line.cached) return 'cached';
  // v3 prices are not published: the call is recorded, its cost is not known.
  return line.credits === null ? 'price not published' : formatCredits(line.credits);
}

function Cache({
  cache,
  onClear,
  clearing,
}: {
  cache: Account['cache'];
  onClear: () => void;
  clearing: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const answers = `${cache.entries} saved ${cache.entries === 1 ? 'answer' : 'answers'}`;
  return (
    <div class="stack">
      <h3>Cache</h3>
      <p>
        {answers}, {formatBytes(cache.bytes)}. Showing a saved answer again costs nothing.
      </p>
      {clearing ? (
        <Busy>Clearing the cache…</Busy>
      ) : confirming ? (
        <fieldset class="notice">
          <legend class="visually-hidden">Confirm clearing the cache</legend>
          <p>Looking these up again will cost credits. Clear {answers}?</p>
          <div class="row">
            <button
              type="button"
              class="danger small"
              onClick={() => {
                setConfirming(false);
                onClear();
              }}
            >
              Clear cache
            </button>
            <button type="button" class="small" onClick={() => setConfirming(false)}>
              Keep them
            </button>
          </div>
        </fieldset>
      ) : (
        <div class="row">
          <button
            type="button"
            class="small"
            disabled={cache.entries === 0}
            onClick={() => setConfirming(true)}
          >
            Clear cache
          </button>
        </div>
      )}
    </div>
  );
}
