/**
 * The side panel's footer: today's spending and the balance with your own key; in team mode, what
 * the hub says of the member (their name, what they spent today of the budget the admin set).
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PanelFooter } from '../../../components/PanelStates';
import type { HubMember } from '../../../lib/protocol';

const root = document.createElement('div');
document.body.append(root);
afterEach(() => render(null, root));

const ADA: HubMember = {
  name: 'ada',
  dailyBudget: 200,
  monthlyBudget: null,
  spentToday: 14,
  leftToday: 186,
  spentThisMonth: 40,
  leftThisMonth: null,
};

function footerText(account: Parameters<typeof PanelFooter>[0]['account']): string {
  render(<PanelFooter account={account} onOpenOptions={() => {}} onOpenLists={() => {}} />, root);
  return root.querySelector('footer p')?.textContent ?? '';
}

describe('the panel footer', () => {
  it("says the member's spend at the team hub in team mode, not a balance of the service", () => {
    expect(footerText({ today: 3, dailyBudget: 50, balance: null, hub: { member: ADA } })).toBe(
      'Team hub · ada · Today: 14 of 200 credits',
    );
    expect(
      footerText({
        today: 3,
        dailyBudget: 50,
        balance: null,
        hub: { member: { ...ADA, dailyBudget: null } },
      }),
    ).toBe('Team hub · ada · Today: 14 credits');
    expect(footerText({ today: 3, dailyBudget: 50, balance: null, hub: { member: null } })).toBe(
      'Team hub · not reachable',
    );
  });

  it('says today against your own budget and the balance with your own key', () => {
    expect(footerText({ today: 3, dailyBudget: 50, balance: 997 })).toBe(
      'Today: 3 of 50 credits · Balance: 997 credits',
    );
  });
});
