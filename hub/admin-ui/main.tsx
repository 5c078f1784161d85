/**
 * The hub's admin page (served by hub/admin-page.ts): the admin token is asked for once and kept in
 * this tab's sessionStorage; with it the page shows the members (and their tokens' expiry), spend
 * per day, the alerts sent, the do-not-enrich list, forget, the team's CRM reference, the team watch and the audit. A wrong token shows nothing but the sign-in and why.
 */
import './admin.css';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import { Alerts } from './Alerts';
import { Audit } from './Audit';
import { type AdminMember, call, forgetToken, savedToken, saveToken } from './api';
import { CrmReference } from './CrmReference';
import { Members } from './Members';
import { DoNotEnrich, Forget } from './Privacy';
import { Spend } from './Spend';
import { TeamWatch } from './TeamWatch';
import { Failure, type HubCall, useLoad } from './ui';

const WRONG_TOKEN =
  "That is not this hub's admin token: nothing is shown. Check HUB_ADMIN_TOKEN and try again.";

function SignIn({ signedIn, problem }: { signedIn: (token: string) => void; problem: string | null }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(problem);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const given = token.trim();
    if (given === '') return setError('Paste the admin token first.');
    setBusy(true);
    // Any answer but 401 means the hub took the token (a 503 is the database's, shown on the page).
    const answer = await call(given, 'GET', 'members');
    setBusy(false);
    if (!answer.ok && (answer.unauthorized || answer.status === 0))
      return setError(answer.unauthorized ? WRONG_TOKEN : answer.message);
    signedIn(given);
  };
  return (
    <main class="page narrow">
      <header class="page-header">
        <h1>Team hub · Admin</h1>
        <p class="muted">
          Members, budgets, tokens, spend, alerts, do-not-enrich, forget, the CRM reference, the team watch
          and the audit of this hub.
        </p>
      </header>
      <form class="card" aria-labelledby="sign-in-title" onSubmit={submit}>
        <h2 id="sign-in-title">Sign in</h2>
        <Field
          label="Admin token"
          hint="The HUB_ADMIN_TOKEN the hub was started with. This tab keeps it until it is closed."
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autocomplete="off"
              value={token}
              aria-invalid={error ? true : undefined}
              onInput={(e) => setToken(e.currentTarget.value)}
            />
          )}
        </Field>
        <div>
          <button type="submit" class="primary" disabled={busy}>
            Open the admin page
          </button>
        </div>
        {error && <Failure title="Not signed in" message={error} />}
      </form>
    </main>
  );
}

function Admin({ token, signOut }: { token: string; signOut: (problem: string | null) => void }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const hub: HubCall = async <T,>(method: Parameters<HubCall>[0], path: string, body?: unknown) => {
    const answer = await call<T>(token, method, path, body);
    if (!answer.ok && answer.unauthorized) signOut(WRONG_TOKEN);
    return answer;
  };
  const members = useLoad(() => hub<{ members: AdminMember[] }>('GET', 'members'), String(version));
  const memberList = members.state === 'ok' ? { state: 'ok' as const, data: members.data.members } : members;
  return (
    <main class="page admin">
      <header class="page-header split">
        <div>
          <h1>Team hub · Admin</h1>
          <p class="muted">
            Members, budgets, tokens, spend, alerts, do-not-enrich, forget, the CRM reference, the team watch
            and the audit of this hub.
          </p>
        </div>
        <div class="row">
          <button type="button" onClick={changed}>
            Refresh
          </button>
          <button type="button" onClick={() => signOut(null)}>
            Sign out
          </button>
        </div>
      </header>
      <Members hub={hub} members={memberList} changed={changed} />
      <div class="columns-even">
        <div class="stack-sections">
          <Spend hub={hub} version={version} />
          <Alerts hub={hub} version={version} />
        </div>
        <div class="stack-sections">
          <DoNotEnrich hub={hub} version={version} changed={changed} />
          <Forget hub={hub} changed={changed} />
          <CrmReference hub={hub} version={version} changed={changed} />
        </div>
      </div>
      <TeamWatch hub={hub} version={version} changed={changed} />
      <Audit hub={hub} version={version} members={memberList} />
    </main>
  );
}

function App() {
  const [token, setToken] = useState<string | null>(savedToken);
  const [problem, setProblem] = useState<string | null>(null);
  if (token === null)
    return (
      <SignIn
        problem={problem}
        signedIn={(given) => {
          saveToken(given);
          setProblem(null);
          setToken(given);
        }}
      />
    );
  return (
    <Admin
      token={token}
      signOut={(why) => {
        forgetToken();
        setProblem(why);
        setToken(null);
      }}
    />
  );
}

const root = document.getElementById('app');
if (root) {
  root.replaceChildren();
  render(<App />, root);
}
