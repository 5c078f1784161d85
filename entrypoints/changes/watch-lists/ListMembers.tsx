/**
 * A watch list's members, read when opened (`watch.list`): each with when it was last checked and
 * Remove (it leaves the list; its changes stay until the list goes), and the members exported as the
 * lists page exports a list (CSV with its byte order mark, JSON) and for a CRM's importer.
 */
import { useState } from 'preact/hooks';
import { CrmExport } from '@/components/crm/CrmExport';
import { formatMoment } from '@/components/format';
import { Busy, ErrorNotice } from '@/components/Notice';
import { ExternalLink } from '@/components/profile/parts';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import { watchCrmRecords } from '@/lib/crm/records';
import { csvFileName } from '@/lib/csv';
import type { WatchListDetail, WatchListSummary } from '@/lib/protocol';
import { listToCsv, listToJson } from '../../lists/export/list-export';
import { listFileName } from '../../lists/run/ListDownloads';
import type { Act, ChangesBackend } from '../backend';
import { membersAsList } from './member-export';

export function ListMembers({
  backend,
  list,
  act,
}: {
  backend: ChangesBackend;
  list: WatchListSummary;
  act: Act;
}) {
  const [detail, setDetail] = useState<Loadable<WatchListDetail | null> | null>(null);
  const read = () =>
    backend.ask('watch.list', { id: list.id }).then(
      (value) => setDetail({ status: 'ready', value }),
      (error) => setDetail({ status: 'failed', message: backgroundFailure(error) }),
    );
  const save = async (format: 'csv' | 'json', shown: WatchListDetail) => {
    const { input, requests, options } = membersAsList(shown);
    if (format === 'csv')
      backend.download(
        listFileName(list.name, 'csv'),
        ['\uFEFF', await listToCsv(input, requests, options)],
        'text/csv;charset=utf-8',
      );
    else
      backend.download(
        listFileName(list.name, 'json'),
        [JSON.stringify(listToJson(input, requests, options), null, 2)],
        'application/json',
      );
  };
  return (
    <details
      class="watch-members-box"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open && detail === null) void read();
      }}
    >
      <summary>
        Members<span class="visually-hidden"> of {list.name}</span>
      </summary>
      {(detail === null || detail.status === 'loading') && <Busy>Reading the members…</Busy>}
      {detail?.status === 'failed' && <ErrorNotice message={detail.message} onRetry={() => void read()} />}
      {detail?.status === 'ready' && detail.value === null && <p class="empty">This watch list is gone.</p>}
      {detail?.status === 'ready' && detail.value && (
        <div class="stack">
          <div class="row">
            <button type="button" onClick={() => void save('csv', detail.value!)}>
              Export members (CSV)
            </button>
            <button type="button" onClick={() => void save('json', detail.value!)}>
              Export members (JSON)
            </button>
          </div>
          <CrmExport
            records={watchCrmRecords(detail.value.members)}
            onSave={(preset, csv) =>
              backend.download(
                csvFileName(`${preset.id}-${list.name}`),
                ['\uFEFF', csv],
                'text/csv;charset=utf-8',
              )
            }
          />
          <table class="watch-members">
            <caption class="visually-hidden">Members of {list.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Last checked</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.value.members.map((member) => (
                <tr key={member.key}>
                  <th scope="row">
                    <ExternalLink href={member.url}>{member.name}</ExternalLink>
                  </th>
                  <td>
                    {member.error
                      ? member.error.message
                      : member.checkedAt === null
                        ? 'Not yet'
                        : formatMoment(member.checkedAt)}
                  </td>
                  <td>
                    <button
                      type="button"
                      class="small"
                      onClick={() =>
                        void act(async () => {
                          await backend.ask('watch.remove', { id: list.id, key: member.key });
                          await read();
                        })
                      }
                    >
                      Remove<span class="visually-hidden"> {member.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
