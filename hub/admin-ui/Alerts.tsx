/** The budget alerts the hub posted to HUB_ALERT_WEBHOOK: when, what, about whom, and how the post went. */
import type { AlertRow, AlertsAnswer } from './api';
import { Empty, type HubCall, Loading, Section, Table, useLoad, utcTime } from './ui';

function what(alert: AlertRow): string {
  if (alert.kind === 'balance_floor')
    return `Balance ${alert.balance ?? '?'} credits, under the floor of ${alert.threshold}`;
  const period = alert.kind === 'member_daily' ? 'daily' : 'monthly';
  return `${alert.threshold} % of the ${period} budget (${alert.spent ?? '?'} of ${alert.budget ?? '?'})`;
}

function outcome(alert: AlertRow): string {
  if (alert.outcome === 'sent') return `Sent (HTTP ${alert.http_status ?? '?'})`;
  if (alert.outcome === 'sending') return 'Not answered (the hub stopped while posting)';
  return alert.http_status === null
    ? `Failed: ${alert.detail ?? 'no answer'}`
    : `Failed (HTTP ${alert.http_status})`;
}

function explanation({ webhook, balance_floor }: AlertsAnswer): string {
  if (!webhook) return 'No webhook is configured (HUB_ALERT_WEBHOOK): the hub sends no alerts.';
  const floor =
    balance_floor === null
      ? 'no balance floor is set (HUB_BALANCE_FLOOR)'
      : `the account's balance under ${balance_floor} credits`;
  return `Posted to the team's webhook once per period: a member at 80 % and 100 % of their budget, and ${floor}.`;
}

export function Alerts({ hub, version }: { hub: HubCall; version: number }) {
  const alerts = useLoad(() => hub<AlertsAnswer>('GET', 'alerts'), String(version));
  return (
    <Section id="alerts" title="Alerts sent" hint="Budget and balance alerts, the most recent first.">
      <Loading loaded={alerts} what="the alerts">
        {(answer) => (
          <>
            <p class="muted">{explanation(answer)}</p>
            {answer.alerts.length === 0 ? (
              <Empty>No alert has been sent yet.</Empty>
            ) : (
              <Table label="Alerts sent">
                <thead>
                  <tr>
                    <th scope="col">When (UTC)</th>
                    <th scope="col">Alert</th>
                    <th scope="col">Member</th>
                    <th scope="col">Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.alerts.map((alert) => (
                    <tr key={`${alert.at}-${alert.kind}-${alert.member}-${alert.threshold}`}>
                      <td class="when">
                        <span>{utcTime(alert.at).slice(0, 10)}</span>{' '}
                        <span>{utcTime(alert.at).slice(11)}</span>
                      </td>
                      <td>{what(alert)}</td>
                      <td>{alert.member ?? <span class="muted">the account</span>}</td>
                      <td class={alert.outcome === 'failed' ? 'failed' : undefined}>{outcome(alert)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Loading>
    </Section>
  );
}
