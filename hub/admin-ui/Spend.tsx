/** What each member spent, per day of the hub's time zone (HUB_TIME_ZONE), the most recent day first. */
import type { SpendRow } from './api';
import { Empty, type HubCall, Loading, Section, Table, useLoad } from './ui';

export function Spend({ hub, version }: { hub: HubCall; version: number }) {
  const spend = useLoad(() => hub<{ spend: SpendRow[]; time_zone: string }>('GET', 'spend'), String(version));
  return (
    <Section
      id="spend"
      title="Spend per day"
      hint="Credits the team paid for each member's requests, by the hub's day (its time zone, HUB_TIME_ZONE)."
    >
      <Loading loaded={spend} what="the spend">
        {({ spend: rows, time_zone: zone }) =>
          rows.length === 0 ? (
            <Empty>Nothing spent yet: no member has made a paid request.</Empty>
          ) : (
            <Table label="Spend per member per day">
              <thead>
                <tr>
                  <th scope="col">Day ({zone})</th>
                  <th scope="col">Member</th>
                  <th scope="col" class="num">
                    Spent
                  </th>
                  <th scope="col" class="num">
                    In flight
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.day}-${row.member}`}>
                    <td>{row.day}</td>
                    <td>{row.member}</td>
                    <td class="num">{row.spent}</td>
                    <td class="num">{row.reserved}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </Loading>
    </Section>
  );
}
