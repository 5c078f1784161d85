/**
 * The background service worker: holds the key, is the only caller of the service, and answers
 * the extension's pages. MV3 may stop it at any moment, so every listener is registered
 * synchronously at the top level and everything that matters is in storage or IndexedDB.
 * This file only wires: each domain's routes are in lib/background/routes/.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createClient } from '@/lib/background/api/client';
import { createBatches } from '@/lib/background/batch/batches';
import { wireBrowserUi } from '@/lib/background/browser-ui';
import { connectionFor } from '@/lib/background/connection';
import { openDb } from '@/lib/background/db';
import { exposeTestHooks, scheduleNow } from '@/lib/background/e2e-hooks';
import { createFindingsStore } from '@/lib/background/findings-store';
import { createLists } from '@/lib/background/lists/lists';
import { registerBatchRoutes } from '@/lib/background/routes/batches';
import { registerCrmRoutes } from '@/lib/background/routes/crm';
import { followEverySitePermission, registerFindingsRoutes } from '@/lib/background/routes/findings';
import { registerListRoutes } from '@/lib/background/routes/lists';
import {
  expireNow,
  expireOnAlarm,
  forgetEverywhere,
  keepHubForgottenAlarm,
  keepRetentionAlarm,
  registerPrivacyRoutes,
  syncHubForgottenOnAlarm,
} from '@/lib/background/routes/privacy';
import { registerRecentRoutes } from '@/lib/background/routes/recent';
import { handle } from '@/lib/background/routes/router';
import { registerSettingsRoutes } from '@/lib/background/routes/settings';
import { registerViewRoutes } from '@/lib/background/routes/views';
import { registerWatchRoutes } from '@/lib/background/routes/watch';
import { createService } from '@/lib/background/service';
import { createSettingsStore } from '@/lib/background/settings-store';
import { createWatchBadge } from '@/lib/background/watch/badge';
import { createTeamChanges } from '@/lib/background/watch/team-changes';
import { createWatch } from '@/lib/background/watch/watch';
import { createWatchAlarm } from '@/lib/background/watch/watch-alarm';
import { createWorkAlarm } from '@/lib/background/work-alarm';
import { createPageScanning } from '@/lib/scan-permission';
import { progressItemKey } from '@/lib/settings';

export default defineBackground(() => {
  const { getSettings, updateSettings } = createSettingsStore(openDb);
  const service = createService({
    db: openDb,
    settings: getSettings,
    // The service, or in team mode the team's hub (lib/background/connection/index.ts).
    client: (address, pace) => createClient({ ...address, pace }),
    // Team mode: what was forgotten at the hub is forgotten here as the person's own forget does.
    forget: (subject) => forgetEverywhere({ openDb, findingsStore }, subject),
    hasApiPermission: (origins) => browser.permissions.contains({ origins }),
    // A streamed answer's rows so far, for the page that asked (it watches this key).
    onProgress: (requestId, progress) => {
      const key = progressItemKey(requestId);
      void (progress ? storage.setItem(key, progress) : storage.removeItem(key));
    },
    // The e2e sandbox answers within seconds: its interrupted calls settle sooner than the real
    // service's (lib/background/service.ts SETTLE_AFTER_MS), so tests can wait for the final figure.
    ...(import.meta.env.MODE === 'e2e' ? { settleAfterMs: 8_000 } : {}),
  });

  // A job waiting to go on (a budget spent, a hub out of reach) looks again every minute
  // (lib/background/jobs/runner.ts WAIT_POLL_MS); in the e2e build every 5 s, so that a test that
  // raises a budget or restarts a hub does not wait a minute for what follows.
  const jobTimings = import.meta.env.MODE === 'e2e' ? { waitPollMs: 5_000 } : {};

  // "Found on this page" batches run here, not in the page that started them (lib/background/batch/batches.ts).
  const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID(), ...jobTimings });

  // Lists (entrypoints/lists) run here too, as journaled jobs of their own (lib/background/lists/lists.ts).
  const lists = createLists({
    db: openDb,
    service,
    ratePerMinute: async () =>
      service.scheduler.state(connectionFor(await getSettings()).paceKey).ratePerMinute,
    newId: () => crypto.randomUUID(),
    ...jobTimings,
  });

  // Watch lists are asked again once a period (lib/background/watch/); the toolbar badge counts
  // their unseen changes. Their clock is the wall clock, moved forward only by the e2e tests.
  const watchBadge = createWatchBadge({
    db: openDb,
    setText: (text) => (browser.action ?? browser.browserAction).setBadgeText({ text }),
    teamUnseen: createTeamChanges(service.teamWatch).unseen,
  });
  const watch = createWatch({
    db: openDb,
    service,
    now: scheduleNow,
    onChanges: watchBadge.update,
    team: service.teamWatch,
    ...jobTimings,
  });

  // Batches, lists and watch runs go on with no page open: an alarm wakes a stopped worker while
  // any runs (lib/background/work-alarm.ts); they go on once the calls a stopped worker left are
  // accounted for.
  const work = createWorkAlarm({
    alarms: browser.alarms,
    resume: async () => {
      await pendingSettled;
      const counts = await Promise.all([batches.resume(), lists.resume(), watch.resume()]);
      return counts.reduce((sum, count) => sum + count, 0);
    },
    // Unpacked, Chrome fires alarms as often as asked: the end-to-end tests need not wait a minute.
    ...(import.meta.env.MODE === 'e2e' ? { periodInMinutes: 0.1 } : {}),
  });

  // Each watch list whose period is due starts (lib/background/watch/watch-alarm.ts).
  const watchAlarm = createWatchAlarm({
    alarms: browser.alarms,
    checkDue: watch.checkDue,
    hasLists: async () => (await (await openDb()).count('watchLists')) > 0,
    keepGoing: work.keepGoing,
  });

  const findingsStore = createFindingsStore();
  const pageScanning = createPageScanning({ permissions: browser.permissions, scripting: browser.scripting });

  // The routes, by domain (lib/background/routes/): each message validated where it arrives.
  registerFindingsRoutes(handle, { findingsStore, pageScanning, getSettings });
  registerViewRoutes(handle, { service, getSettings });
  registerSettingsRoutes(handle, { service, getSettings, updateSettings });
  registerBatchRoutes(handle, { batches, work });
  registerListRoutes(handle, { lists, work });
  registerRecentRoutes(handle, openDb);
  registerWatchRoutes(handle, { watch, work, dueAlarm: watchAlarm });
  registerCrmRoutes(handle, openDb);
  registerPrivacyRoutes(handle, { openDb, getSettings, findingsStore, watchBadge });

  followEverySitePermission(browser.permissions, pageScanning);

  wireBrowserUi(service, findingsStore);

  // What is kept about others expires after the person's retention period, even with no page open.
  const retention = { openDb, getSettings, watchBadge, now: scheduleNow };
  browser.alarms.onAlarm.addListener(expireOnAlarm(retention));

  if (import.meta.env.MODE === 'e2e') exposeTestHooks(service, watchAlarm, () => expireNow(retention));
  void keepRetentionAlarm(browser.alarms);
  // Team mode: the hub's forgotten subjects (also learned on the next call) and the badge's count.
  browser.alarms.onAlarm.addListener(syncHubForgottenOnAlarm(service, watchBadge.update));
  void keepHubForgottenAlarm(browser.alarms);

  // Calls a previous worker left in flight lost their answers: what they cost is read from the
  // balance, and only those certainly not charged are sent again (never paid twice: see
  // lib/background/service.ts). Then the batches and lists a previous worker was running go on.
  const pendingSettled = service
    .resumePendingJobs()
    .catch((error) => console.warn('Could not account for the calls a stopped worker left', error));
  void work.resumeWork().catch((error) => console.warn('Could not resume the batches and lists', error));
  browser.alarms.onAlarm.addListener(work.onAlarm);
  // Watch lists due while no worker ran start now; the badge shows what is unseen.
  void pendingSettled.then(() => watchAlarm.due());
  browser.alarms.onAlarm.addListener(watchAlarm.onAlarm);
  watchBadge.update();
  // Alarms may not outlive a browser restart: this listener has the browser start the worker then,
  // and a worker that starts resumes what was running.
  browser.runtime.onStartup.addListener(() => {});
});
