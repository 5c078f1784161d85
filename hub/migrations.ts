/**
 * The hub's schema, by version. Each migration runs once, in order, in the transaction that records
 * it; an advisory lock makes hub processes starting together on one database take turns.
 * A released version is never edited: a change is a new version.
 */
import type { Db, Queryable } from './db';

/** A version's statements: `sql` split at each `;` that ends a line, or `statements` as given (bodies with `;`). */
type Migration = { version: number } & ({ sql: string } | { statements: readonly string[] });

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE members (
        id serial PRIMARY KEY,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        daily_budget integer NOT NULL CHECK (daily_budget >= 0),
        monthly_budget integer CHECK (monthly_budget >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      );
      CREATE UNIQUE INDEX members_active_name ON members (name) WHERE removed_at IS NULL;

      -- What each member spent (settled) and holds reserved (in flight), per UTC day.
      CREATE TABLE spend (
        member_id integer NOT NULL REFERENCES members (id),
        day date NOT NULL,
        spent integer NOT NULL DEFAULT 0,
        reserved integer NOT NULL DEFAULT 0,
        PRIMARY KEY (member_id, day)
      );

      CREATE TABLE cache (
        key text PRIMARY KEY,
        endpoint text NOT NULL,
        params jsonb NOT NULL,
        body jsonb NOT NULL,
        fetched_at timestamptz NOT NULL,
        -- When the data itself was known fresh (its last_updated, or the live fetch); null: unknown.
        data_at timestamptz
      );

      CREATE TABLE do_not_enrich (
        key text PRIMARY KEY,
        kind text NOT NULL,
        text text NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE forgotten (
        seq bigserial PRIMARY KEY,
        key text NOT NULL,
        text text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE audit (
        id bigserial PRIMARY KEY,
        member_id integer NOT NULL REFERENCES members (id),
        endpoint text NOT NULL,
        subject text,
        params jsonb,
        at timestamptz NOT NULL DEFAULT now(),
        status integer NOT NULL,
        charged integer,
        cache text NOT NULL,
        -- The cached answer this line was served from or stored as: forget finds names through it.
        cache_key text
      );
      CREATE INDEX audit_member_at ON audit (member_id, at);

      -- The account's one rate limit: the next free slot (ms since the epoch, the database's clock),
      -- the spacing learned so far, and a pause asked by a 429's Retry-After.
      CREATE TABLE limiter (
        id integer PRIMARY KEY CHECK (id = 1),
        next_at double precision NOT NULL,
        interval_ms double precision NOT NULL,
        blocked_until double precision NOT NULL DEFAULT 0
      );
      -- Requests waiting for a slot; a ticket not seen for a while is a process that went away.
      CREATE TABLE limiter_waiting (
        ticket text PRIMARY KEY,
        member_id integer NOT NULL,
        priority integer NOT NULL,
        created_at double precision NOT NULL,
        seen_at double precision NOT NULL
      );
      CREATE TABLE limiter_members (
        member_id integer PRIMARY KEY,
        last_granted double precision NOT NULL
      );
    `,
  },
  {
    // A member request's database work in few statements (hub/request-steps.ts): a version of the
    // do-not-enrich list, so a hub process re-reads the list only when it changed, and functions
    // that do in one round trip what took several.
    version: 2,
    statements: [
      `CREATE TABLE do_not_enrich_version (
        id integer PRIMARY KEY CHECK (id = 1),
        version bigint NOT NULL
      )`,
      'INSERT INTO do_not_enrich_version (id, version) VALUES (1, 1)',
      `CREATE FUNCTION hub_do_not_enrich_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE do_not_enrich_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`,
      `CREATE TRIGGER do_not_enrich_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON do_not_enrich
        FOR EACH STATEMENT EXECUTE FUNCTION hub_do_not_enrich_changed()`,
      // The account limiter's slot when it is free and nobody waits (AccountLimiter): the slot's
      // time (the database's clock, ms), or null. Concurrent takers are serialized on the limiter row.
      `CREATE FUNCTION hub_take_free_slot(p_member_id integer, p_stale_ms double precision)
      RETURNS double precision LANGUAGE plpgsql AS $$
      DECLARE
        clock double precision := extract(epoch FROM clock_timestamp()) * 1000;
        taken double precision;
      BEGIN
        UPDATE limiter l SET next_at = greatest(clock, l.next_at) + l.interval_ms
        WHERE l.id = 1 AND greatest(l.next_at, l.blocked_until) <= clock
          AND NOT EXISTS (SELECT 1 FROM limiter_waiting w WHERE w.seen_at >= clock - p_stale_ms)
        RETURNING clock INTO taken;
        IF taken IS NOT NULL THEN
          INSERT INTO limiter_members (member_id, last_granted) VALUES (p_member_id, taken)
          ON CONFLICT (member_id) DO UPDATE SET last_granted = excluded.last_granted;
        END IF;
        RETURN taken;
      END $$`,
      // One wake of a request waiting for the limiter (AccountLimiter): its ticket refreshed (a
      // ticket not seen for p_stale_ms is a process that went away, and is dropped), and the slot
      // given when the ticket is first in line and the slot is free; else how long to sleep.
      // The line: clicks before batch rows, then round robin between members (each member's first
      // waiting request, then each one's second, ...; members served longest ago first in a round).
      // A grant moves a waiter up by at most two places: sleeping half its distance wakes it
      // before its turn, with few wake-ups on the way.
      `CREATE FUNCTION hub_wait_turn(p_ticket text, p_member_id integer, p_priority integer, p_stale_ms double precision)
      RETURNS TABLE (granted boolean, at double precision, wait_ms double precision)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        lim limiter%ROWTYPE;
        clock double precision;
        free double precision;
        ahead integer;
      BEGIN
        SELECT * INTO lim FROM limiter WHERE id = 1 FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'The rate limiter is not set up (AccountLimiter.init)';
        END IF;
        clock := extract(epoch FROM clock_timestamp()) * 1000;
        free := greatest(lim.next_at, lim.blocked_until);
        DELETE FROM limiter_waiting WHERE seen_at < clock - p_stale_ms;
        INSERT INTO limiter_waiting (ticket, member_id, priority, created_at, seen_at)
        VALUES (p_ticket, p_member_id, p_priority, clock, clock)
        ON CONFLICT (ticket) DO UPDATE SET seen_at = excluded.seen_at;
        SELECT o.place - 1 INTO ahead FROM (
          SELECT w.ticket, row_number() OVER (
            ORDER BY w.priority, w.round, coalesce(m.last_granted, 0), w.created_at, w.ticket) AS place
          FROM (
            SELECT lw.ticket, lw.member_id, lw.priority, lw.created_at, row_number() OVER (
              PARTITION BY lw.member_id, lw.priority ORDER BY lw.created_at, lw.ticket) AS round
            FROM limiter_waiting lw) w
          LEFT JOIN limiter_members m ON m.member_id = w.member_id) o
        WHERE o.ticket = p_ticket;
        IF ahead = 0 AND clock >= free THEN
          UPDATE limiter SET next_at = greatest(clock, lim.next_at) + lim.interval_ms WHERE id = 1;
          DELETE FROM limiter_waiting WHERE ticket = p_ticket;
          INSERT INTO limiter_members (member_id, last_granted) VALUES (p_member_id, clock)
          ON CONFLICT (member_id) DO UPDATE SET last_granted = excluded.last_granted;
          RETURN QUERY SELECT true, clock, 0::double precision;
        ELSE
          RETURN QUERY SELECT false, NULL::double precision,
            free - clock + greatest(0, floor(ahead / 2) - 1) * lim.interval_ms;
        END IF;
      END $$`,
      // Reserves p_credits of an active member's budget (daily, and monthly when set) under the
      // lock of the member's row, so concurrent reservations from any hub process see each other
      // (NO KEY UPDATE: an audit line's reference to the member, written while a reservation of
      // theirs settles, must not wait for it, or the two would wait for each other);
      // each statement of a function reads afresh, so the sums below see every reservation
      // committed before the lock was granted. Then takes a free slot of the limiter, if there is one.
      // outcome: 'reserved', 'over_budget' (nothing reserved) or 'removed' (no such active member).
      `CREATE FUNCTION hub_reserve(p_member_id integer, p_credits integer, p_stale_ms double precision)
      RETURNS TABLE (outcome text, day text, left_daily integer, left_monthly integer, slot_at double precision)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        today date := (now() AT TIME ZONE 'UTC')::date;
        budget_daily integer;
        budget_monthly integer;
        used_today bigint;
        used_month bigint;
      BEGIN
        SELECT m.daily_budget, m.monthly_budget INTO budget_daily, budget_monthly
        FROM members m WHERE m.id = p_member_id AND m.removed_at IS NULL FOR NO KEY UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'removed'::text, NULL::text, 0, NULL::integer, NULL::double precision;
          RETURN;
        END IF;
        SELECT coalesce(sum(s.spent + s.reserved) FILTER (WHERE s.day = today), 0),
               coalesce(sum(s.spent + s.reserved), 0)
        INTO used_today, used_month
        FROM spend s WHERE s.member_id = p_member_id AND s.day >= date_trunc('month', today)::date;
        left_daily := greatest(0, budget_daily - used_today);
        left_monthly := CASE WHEN budget_monthly IS NULL THEN NULL ELSE greatest(0, budget_monthly - used_month) END;
        IF p_credits > left_daily OR (left_monthly IS NOT NULL AND p_credits > left_monthly) THEN
          RETURN QUERY SELECT 'over_budget'::text, NULL::text, left_daily, left_monthly, NULL::double precision;
          RETURN;
        END IF;
        INSERT INTO spend AS s (member_id, day, reserved) VALUES (p_member_id, today, p_credits)
        ON CONFLICT (member_id, day) DO UPDATE SET reserved = s.reserved + p_credits;
        RETURN QUERY SELECT 'reserved'::text, to_char(today, 'YYYY-MM-DD'), left_daily - p_credits,
          left_monthly - p_credits, hub_take_free_slot(p_member_id, p_stale_ms);
      END $$`,
    ],
  },
  {
    // One request, one meaning (issue 40): credits as 64-bit numbers (a budget past 2^31 was a
    // 500), and "today" as the day in the hub's time zone (HUB_TIME_ZONE, kept in `hub_settings`,
    // which the server writes as it starts: app.ts createHub), read through `hub_today()` wherever
    // SQL says today. hub_reserve is recreated for both: its credits are bigint and its day is
    // hub_today(); nothing else in it changed.
    version: 3,
    statements: [
      'ALTER TABLE members ALTER COLUMN daily_budget TYPE bigint, ALTER COLUMN monthly_budget TYPE bigint',
      'ALTER TABLE spend ALTER COLUMN spent TYPE bigint, ALTER COLUMN reserved TYPE bigint',
      'ALTER TABLE audit ALTER COLUMN charged TYPE bigint',
      // A page kept before this version is dated by when it was fetched, not by its oldest record
      // (cache.ts): its age is unknown until it is fetched again.
      `UPDATE cache SET data_at = NULL WHERE jsonb_typeof(body -> 'results') = 'array'
        OR jsonb_typeof(body -> 'employees') = 'array' OR jsonb_typeof(body -> 'students') = 'array'`,
      `CREATE TABLE hub_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        -- An IANA time zone name: what "today" and "this month" mean for budgets and spend.
        time_zone text NOT NULL
      )`,
      "INSERT INTO hub_settings (id, time_zone) VALUES (1, 'UTC')",
      // The day a moment falls on in the hub's time zone; hub_today() is the day of now().
      `CREATE FUNCTION hub_day_at(p_at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
        SELECT (p_at AT TIME ZONE (SELECT s.time_zone FROM hub_settings s WHERE s.id = 1))::date
      $$`,
      'CREATE FUNCTION hub_today() RETURNS date LANGUAGE sql STABLE AS $$ SELECT hub_day_at(now()) $$',
      'DROP FUNCTION hub_reserve(integer, integer, double precision)',
      // As in version 2, with bigint credits and the hub's day.
      `CREATE FUNCTION hub_reserve(p_member_id integer, p_credits bigint, p_stale_ms double precision)
      RETURNS TABLE (outcome text, day text, left_daily bigint, left_monthly bigint, slot_at double precision)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        today date := hub_today();
        budget_daily bigint;
        budget_monthly bigint;
        used_today bigint;
        used_month bigint;
      BEGIN
        SELECT m.daily_budget, m.monthly_budget INTO budget_daily, budget_monthly
        FROM members m WHERE m.id = p_member_id AND m.removed_at IS NULL FOR NO KEY UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'removed'::text, NULL::text, 0::bigint, NULL::bigint, NULL::double precision;
          RETURN;
        END IF;
        SELECT coalesce(sum(s.spent + s.reserved) FILTER (WHERE s.day = today), 0),
               coalesce(sum(s.spent + s.reserved), 0)
        INTO used_today, used_month
        FROM spend s WHERE s.member_id = p_member_id AND s.day >= date_trunc('month', today)::date;
        left_daily := greatest(0, budget_daily - used_today);
        left_monthly := CASE WHEN budget_monthly IS NULL THEN NULL ELSE greatest(0, budget_monthly - used_month) END;
        IF p_credits > left_daily OR (left_monthly IS NOT NULL AND p_credits > left_monthly) THEN
          RETURN QUERY SELECT 'over_budget'::text, NULL::text, left_daily, left_monthly, NULL::double precision;
          RETURN;
        END IF;
        INSERT INTO spend AS s (member_id, day, reserved) VALUES (p_member_id, today, p_credits)
        ON CONFLICT (member_id, day) DO UPDATE SET reserved = s.reserved + p_credits;
        RETURN QUERY SELECT 'reserved'::text, to_char(today, 'YYYY-MM-DD'), left_daily - p_credits,
          left_monthly - p_credits, hub_take_free_slot(p_member_id, p_stale_ms);
      END $$`,
    ],
  },
  {
    // Requests with an id, reservations with a lease (hub/request-steps.ts): one journal row per
    // member request id, written in the statement that reserves and in the one that settles, so a
    // request asked again after any crash is answered from it, and a reservation whose process went
    // away is settled from it once its lease has passed. hub_reserve and hub_wait_turn (version 2)
    // are unchanged: the functions below call them.
    version: 4,
    statements: [
      // state: 'waiting' (reserved, waiting for a rate slot: nothing sent), 'sent' (given its slot:
      // the service may be asked), 'answered' (settled at `charged`; `status`, and `body` for an
      // error), 'released' (settled at 0: nothing was sent, a retry may take the id over), 'lost'
      // (the lease passed after it was sent: settled at the reserved maximum, its answer lost).
      // `cache_key` finds a request of the same question in flight (single flight); `day` is the
      // day its reservation was made on, `reserved` what it holds while open.
      `CREATE TABLE request_journal (
        member_id integer NOT NULL REFERENCES members (id),
        request_id text NOT NULL,
        cache_key text,
        day date NOT NULL,
        reserved bigint NOT NULL,
        state text NOT NULL CHECK (state IN ('waiting', 'sent', 'answered', 'released', 'lost')),
        lease_until timestamptz NOT NULL,
        charged bigint,
        status integer,
        body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (member_id, request_id)
      )`,
      `CREATE INDEX request_journal_open ON request_journal (lease_until) WHERE state IN ('waiting', 'sent')`,
      `CREATE INDEX request_journal_open_key ON request_journal (cache_key) WHERE state IN ('waiting', 'sent')`,
      'CREATE INDEX request_journal_created ON request_journal (created_at)',
      // Settles the open rows whose lease has passed, all of them (p_cache_key null) or those of one
      // question or one request id: a row still waiting is released (nothing was sent), a row sent
      // with no outcome is lost and charged its reserved maximum (the member's budget is the safe
      // side: the service may have charged it). The state test in the UPDATE makes a row settled
      // once, whoever (a sweep, a retry, the process that sent it) comes first.
      `CREATE FUNCTION hub_settle_expired(p_member_id integer, p_request_id text, p_cache_key text)
      RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        settled integer;
      BEGIN
        WITH expired AS (
          UPDATE request_journal j
          SET state = CASE WHEN j.state = 'sent' THEN 'lost' ELSE 'released' END,
            charged = CASE WHEN j.state = 'sent' THEN j.reserved ELSE 0 END
          WHERE j.state IN ('waiting', 'sent') AND j.lease_until < clock_timestamp()
            AND (p_cache_key IS NULL OR j.cache_key = p_cache_key
              OR (j.member_id = p_member_id AND j.request_id = p_request_id))
          RETURNING j.member_id, j.day, j.reserved, j.charged),
        totals AS (
          SELECT e.member_id, e.day, sum(e.reserved) AS reserved, sum(e.charged) AS charged
          FROM expired e GROUP BY e.member_id, e.day),
        spent AS (
          UPDATE spend s SET reserved = greatest(0, s.reserved - t.reserved), spent = s.spent + t.charged
          FROM totals t WHERE s.member_id = t.member_id AND s.day = t.day
          RETURNING 1)
        SELECT count(*) INTO settled FROM expired;
        RETURN settled;
      END $$`,
      // hub_reserve with the request's journal row, in one statement. Requests of one question are
      // taken in turn (an advisory lock on its cache key), so of identical requests arriving together
      // one reserves and is sent and the others follow it ('follow': it is in flight, wait for the
      // team's cache); so does one that finds the team's answer changed since it looked
      // (p_seen_fetched_at: the cached answer's fetched_at it saw, or null), as when the request it
      // followed finished in between: it looks again. Its own id: 'in_flight' (open in another process: wait), 'journaled' (it has
      // an outcome: read it), or released (nothing was sent): taken over. A row that finds the slot
      // free is 'sent' at once with the sent lease, else 'waiting' with the waiting lease.
      `CREATE FUNCTION hub_reserve_request(p_member_id integer, p_credits bigint, p_stale_ms double precision,
        p_request_id text, p_cache_key text, p_seen_fetched_at timestamptz, p_wait_lease_ms double precision,
        p_sent_lease_ms double precision)
      RETURNS TABLE (outcome text, day text, left_daily bigint, left_monthly bigint, slot_at double precision)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        mine request_journal%ROWTYPE;
        r record;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('hub_request ' || p_cache_key));
        PERFORM hub_settle_expired(p_member_id, p_request_id, p_cache_key);
        SELECT * INTO mine FROM request_journal j WHERE j.member_id = p_member_id AND j.request_id = p_request_id;
        IF FOUND AND mine.state <> 'released' THEN
          RETURN QUERY SELECT CASE WHEN mine.state IN ('waiting', 'sent') THEN 'in_flight' ELSE 'journaled' END,
            NULL::text, 0::bigint, NULL::bigint, NULL::double precision;
          RETURN;
        END IF;
        IF EXISTS (SELECT 1 FROM request_journal j WHERE j.cache_key = p_cache_key AND j.state IN ('waiting', 'sent'))
          OR EXISTS (SELECT 1 FROM cache c WHERE c.key = p_cache_key
            AND c.fetched_at IS DISTINCT FROM p_seen_fetched_at) THEN
          RETURN QUERY SELECT 'follow'::text, NULL::text, 0::bigint, NULL::bigint, NULL::double precision;
          RETURN;
        END IF;
        SELECT * INTO r FROM hub_reserve(p_member_id, p_credits, p_stale_ms);
        IF r.outcome = 'reserved' THEN
          DELETE FROM request_journal j WHERE j.member_id = p_member_id AND j.request_id = p_request_id;
          INSERT INTO request_journal (member_id, request_id, cache_key, day, reserved, state, lease_until)
          VALUES (p_member_id, p_request_id, p_cache_key, r.day::date, p_credits,
            CASE WHEN r.slot_at IS NULL THEN 'waiting' ELSE 'sent' END,
            clock_timestamp() + make_interval(secs => (CASE WHEN r.slot_at IS NULL THEN p_wait_lease_ms
              ELSE p_sent_lease_ms END) / 1000));
        END IF;
        RETURN QUERY SELECT r.outcome::text, r.day::text, r.left_daily::bigint, r.left_monthly::bigint,
          r.slot_at::double precision;
      END $$`,
      // hub_wait_turn for a journaled request: only while its row is still waiting (a row whose
      // lease passed was released, and must not be sent: 'gone'); each wake renews the waiting
      // lease, and the wake that is given the slot marks the row sent with the sent lease, in the
      // statement that grants it.
      `CREATE FUNCTION hub_wait_turn_journaled(p_ticket text, p_member_id integer, p_priority integer,
        p_stale_ms double precision, p_request_id text, p_wait_lease_ms double precision,
        p_sent_lease_ms double precision)
      RETURNS TABLE (granted boolean, at double precision, wait_ms double precision, gone boolean)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        t record;
      BEGIN
        PERFORM 1 FROM request_journal j
        WHERE j.member_id = p_member_id AND j.request_id = p_request_id AND j.state = 'waiting' FOR UPDATE;
        IF NOT FOUND THEN
          DELETE FROM limiter_waiting w WHERE w.ticket = p_ticket;
          RETURN QUERY SELECT false, NULL::double precision, NULL::double precision, true;
          RETURN;
        END IF;
        SELECT * INTO t FROM hub_wait_turn(p_ticket, p_member_id, p_priority, p_stale_ms);
        UPDATE request_journal j SET state = CASE WHEN t.granted THEN 'sent' ELSE 'waiting' END,
          lease_until = clock_timestamp() + make_interval(secs => (CASE WHEN t.granted THEN p_sent_lease_ms
            ELSE p_wait_lease_ms END) / 1000)
        WHERE j.member_id = p_member_id AND j.request_id = p_request_id;
        RETURN QUERY SELECT t.granted, t.at, t.wait_ms, false;
      END $$`,
    ],
  },
  {
    // What an operator needs (hub/members.ts, hub/alerts.ts): a member token's expiry and rotation
    // (the previous token keeps working until previous_token_until; token_issued_at gives a rotated
    // token the lifetime its predecessor had), and each budget or balance alert, recorded before it
    // is posted so that hub processes checking at once post it once, with how the post went.
    version: 5,
    sql: `
      ALTER TABLE members ADD COLUMN expires_at timestamptz;
      ALTER TABLE members ADD COLUMN previous_token_hash text;
      ALTER TABLE members ADD COLUMN previous_token_until timestamptz;
      ALTER TABLE members ADD COLUMN token_issued_at timestamptz NOT NULL DEFAULT now();
      CREATE UNIQUE INDEX members_previous_token ON members (previous_token_hash)
        WHERE previous_token_hash IS NOT NULL;

      CREATE TABLE alerts_sent (
        id bigserial PRIMARY KEY,
        -- member_daily, member_monthly (threshold: a percentage) or balance_floor (threshold: credits).
        kind text NOT NULL,
        member_id integer REFERENCES members (id),
        threshold bigint NOT NULL,
        -- The day (YYYY-MM-DD) or month (YYYY-MM) the threshold was crossed in.
        period text NOT NULL,
        spent bigint,
        budget bigint,
        balance bigint,
        at timestamptz NOT NULL DEFAULT now(),
        -- sending (recorded, not yet answered), sent or failed; the webhook's HTTP status, or why not.
        outcome text NOT NULL DEFAULT 'sending',
        http_status integer,
        detail text
      );
      CREATE UNIQUE INDEX alerts_sent_once ON alerts_sent (kind, coalesce(member_id, 0), threshold, period);
      CREATE INDEX alerts_sent_at ON alerts_sent (at);
    `,
  },
  {
    // The team's CRM reference (crm.ts): what the admin's last import read, and each kept row's
    // match keys (lib/matching/crm.ts crmKeys) and do-not-enrich keys, never the row's cells.
    version: 6,
    sql: `
      CREATE TABLE crm_reference (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        name text NOT NULL,
        -- hubspot-contacts, hubspot-companies, salesforce, pipedrive-people or mapped.
        shape text NOT NULL,
        imported_at timestamptz NOT NULL,
        rows_read integer NOT NULL,
        rows_usable integer NOT NULL,
        -- [{reason, rows}], the most frequent first.
        unusable jsonb NOT NULL
      );

      -- A row kept: the keys its profile, email and company domain name in the do-not-enrich
      -- list's terms, so that forgetting or listing a subject removes the rows naming it (rare:
      -- read whole then, no index to keep up at each import).
      CREATE TABLE crm_reference_rows (
        row_no integer PRIMARY KEY,
        subjects text[] NOT NULL
      );

      -- kind: profile (kind:id), email, name (fullname|domain) or company (domain). A row's keys go
      -- with it (crm.ts, privacy.ts dropCrmRowsNaming).
      CREATE TABLE crm_reference_keys (
        kind text NOT NULL,
        key text NOT NULL,
        row_no integer NOT NULL
      );
      CREATE INDEX crm_reference_keys_key ON crm_reference_keys (kind, key);
      CREATE INDEX crm_reference_keys_row ON crm_reference_keys (row_no);
    `,
  },
  {
    // Team watch lists the hub runs on its own (team-watch.ts): the lists and the people on them;
    // each person once for the whole team (team_watch_people: the shortest period of the lists
    // holding them, when they are next due, the process holding them now with what it may spend,
    // and the last answer kept to compare the next one with); each check asked, with what it cost
    // (the watch budget's spend, by the hub's month); the changes found, as events; which a member
    // has seen. The watch pays as a member of its own (members.team_watch, never listed nor named
    // by the admin), so its requests take the members' one path: journal, cache, limiter, audit.
    version: 7,
    sql: `
      ALTER TABLE members ADD COLUMN team_watch boolean NOT NULL DEFAULT false;
      CREATE UNIQUE INDEX members_team_watch ON members (team_watch) WHERE team_watch;

      CREATE TABLE team_watch_settings (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        -- What the team watch may spend in a month of the hub (HUB_TIME_ZONE); 0: nothing runs.
        monthly_budget bigint NOT NULL CHECK (monthly_budget >= 0)
      );

      CREATE TABLE team_watch_lists (
        id serial PRIMARY KEY,
        name text NOT NULL,
        period_days integer NOT NULL CHECK (period_days IN (7, 30, 90)),
        -- The member who made it; null: the admin.
        created_by integer REFERENCES members (id),
        created_at timestamptz NOT NULL,
        -- The creating click's id: a create asked again finds its list.
        create_id text UNIQUE
      );

      CREATE TABLE team_watch_entries (
        list_id integer NOT NULL REFERENCES team_watch_lists (id) ON DELETE CASCADE,
        -- A person's canonical profile address (lib/profile-urls.ts).
        person text NOT NULL,
        name text,
        PRIMARY KEY (list_id, person)
      );
      CREATE INDEX team_watch_entries_person ON team_watch_entries (person);

      CREATE TABLE team_watch_people (
        person text PRIMARY KEY,
        period_days integer NOT NULL,
        due_at timestamptz NOT NULL,
        -- A process asking them now holds them until claimed_until, with at most claimed_credits.
        claimed_by text,
        claimed_until timestamptz,
        claimed_credits bigint NOT NULL DEFAULT 0,
        checked_at timestamptz,
        answer jsonb,
        name text,
        -- How the last check ended: first, unchanged, changed, not_found, lost, failed.
        outcome text
      );
      CREATE INDEX team_watch_people_due ON team_watch_people (due_at);

      -- A check's request id names no one (team-watch.ts checkRequestId): forget leaves its charge.
      CREATE TABLE team_watch_checks (
        request_id text PRIMARY KEY,
        at timestamptz NOT NULL,
        charged bigint NOT NULL,
        outcome text NOT NULL
      );
      CREATE INDEX team_watch_checks_at ON team_watch_checks (at);

      CREATE TABLE team_watch_events (
        seq bigserial PRIMARY KEY,
        person text NOT NULL,
        name text,
        at timestamptz NOT NULL,
        kind text NOT NULL,
        -- lib/watch/events.ts PersonEvent.
        event jsonb NOT NULL
      );
      CREATE INDEX team_watch_events_person ON team_watch_events (person);

      CREATE TABLE team_watch_seen (
        member_id integer NOT NULL REFERENCES members (id),
        seq bigint NOT NULL REFERENCES team_watch_events (seq) ON DELETE CASCADE,
        PRIMARY KEY (member_id, seq)
      );
    `,
  },
];

/** The schema version this hub's code expects: the last migration's. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((migration) => migration.version));

/** The versions this hub knows that the database has not applied (none: the schema is current). */
export async function missingVersions(db: Queryable): Promise<number[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const applied = new Set<number>();
  if (table?.present)
    for (const row of await db.query<{ version: number }>('SELECT version FROM schema_migrations'))
      applied.add(Number(row.version));
  return MIGRATIONS.map((migration) => migration.version).filter((version) => !applied.has(version));
}

async function appliedVersions(tx: Queryable): Promise<Set<number>> {
  await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((row) => row.version));
}

/**
 * Brings the schema to the latest version (or to `upTo`: a test of an upgrade starts from an older
 * one); returns the versions it applied.
 */
export async function migrate(db: Db, upTo = Number.POSITIVE_INFINITY): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(2626)');
    const applied = await appliedVersions(tx);
    const done: number[] = [];
    for (const migration of MIGRATIONS) {
      const { version } = migration;
      if (applied.has(version) || version > upTo) continue;
      const statements =
        'sql' in migration
          ? migration.sql.split(/;\s*\n/).filter((part) => part.trim() !== '')
          : migration.statements;
      for (const statement of statements) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      done.push(version);
    }
    return done;
  });
}
