/** The audit: who asked what about whom, when, at what charge; filtered by member and by subject. */
import { useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import type { AdminMember, AuditRow } from './api';
import { Empty, type HubCall, type Loaded, Loading, Section, Table, useLoad } from './ui';

const SHOWN = 200;

interface Filter {
  member: string;
  subject: string;
}

function emptyText({ member, subject }: Filter): string {
  if (member === '' && subject === '') return 'The audit is empty: no member has made a request yet.';
  const parts = [member && `by ${member}`, subject && `about a subject containing "${subject}"`].filter(
    Boolean,
  );
  return `No request ${parts.join(' ')} is in the audit.`;
}

export function Audit({
  hub,
  version,
  members,
}: {
  hub: HubCall;
  version: number;
  members: Loaded<AdminMember[]>;
}) {
  const [filter, setFilter] = useState<Filter>({ member: '', subject: '' });
  const [member, setMember] = useState('');
  const [subject, setSubject] = useState('');
  const query = new URLSearchParams({ limit: String(SHOWN) });
  if (filter.member) query.set('member', filter.member);
  if (filter.subject) query.set('subject', filter.subject);
  const audit = useLoad(() => hub<{ audit: AuditRow[] }>('GET', `audit?${query}`), `${version} ${query}`);
  const names = members.state === 'ok' ? [...new Set(members.data.map((m) => m.name))] : [];
  const filtered = filter.member !== '' || filter.subject !== '';
  return (
    <Section
      id="audit"
      title="Audit"
      hint={`Every request a member made through the hub, the most recent first (the latest ${SHOWN}).`}
    >
      <form
        class="inline-form"
        aria-label="Filter the audit"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({ member, subject: subject.trim() });
        }}
      >
        <Field label="Member">
          {(control) => (
            <select {...control} value={member} onChange={(e) => setMember(e.currentTarget.value)}>
              <option value="">Every member</option>
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Subject contains">
          {(control) => (
            <input
              {...control}
              type="text"
              autocomplete="off"
              value={subject}
              onInput={(e) => setSubject(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="row form-buttons">
          <button type="submit" class="primary">
            Filter
          </button>
          {filtered && (
            <button
              type="button"
              onClick={() => {
                setMember('');
                setSubject('');
                setFilter({ member: '', subject: '' });
              }}
            >
              Show everything
            </button>
          )}
        </div>
      </form>
      <Loading loaded={audit} what="the audit">
        {({ audit: rows }) =>
          rows.length === 0 ? (
            <Empty>{emptyText(filter)}</Empty>
          ) : (
            <Table label="Audit">
              <thead>
                <tr>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Member</th>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Subject</th>
                  <th scope="col" class="num">
                    Status
                  </th>
                  <th scope="col" class="num">
                    Charged
                  </th>
                  <th scope="col">Cache</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    <td class="when">
                      <span>{row.at.slice(0, 10)}</span> <span>{row.at.slice(11, 19)}</span>
                    </td>
                    <td>{row.member}</td>
                    <td>
                      <code>{row.endpoint}</code>
                    </td>
                    <td class="subject">{row.subject ?? <span class="muted">not named</span>}</td>
                    <td class="num">{row.status}</td>
                    <td class="num">{row.charged ?? <span class="muted">unknown</span>}</td>
                    <td>{row.cache}</td>
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
