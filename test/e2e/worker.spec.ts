/**
 * MV3 stops the background worker whenever it likes. Here it is stopped (through CDP) while an
 * enrichment is in flight at the service: the flow still completes, on the person's single click,
 * and the credits are paid once. The sandbox answers the `slow` key after 3 s, which gives the test
 * time to stop the worker mid-call; a client that leaves before the answer is not charged (499).
 */
import { expect, test } from './fixtures';
import { openProfileTab, PROFILE_PATH, profilePage, samplePerson } from './profile-pages';

test('the worker is stopped mid-flow and the flow completes with no second charge', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ apiKey: 'slow' });
  const person = await samplePerson(sandbox);
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const enrich = panel.getByRole('button', { name: /^Enrich · \d+ credits?$/ });
  await expect(enrich).toBeVisible();
  const quoted = Number(/(\d+) credits?/.exec((await enrich.textContent()) ?? '')![1]);
  const slowRequests = async () =>
    (await sandbox.requests()).filter((r) => r.key === 'slow' && r.path === PROFILE_PATH);

  await enrich.click();
  // The call has reached the service and is waiting for its answer: stop the worker now.
  await expect.poll(async () => (await slowRequests()).map((r) => r.status)).toEqual([0]);
  const cdp = await context.newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');

  // The panel asks again; a new worker finishes the journaled call, once.
  await expect(panel.getByRole('heading', { name: person.fullName })).toBeVisible({ timeout: 20_000 });
  const calls = await slowRequests();
  expect(calls.map((r) => [r.status, r.charged])).toEqual([
    [499, 0], // the call the stopped worker left: the service never answered it, nothing charged
    [200, quoted], // the one that completed the flow
  ]);
  expect(await sandbox.balance('slow')).toBe(10_000 - quoted);
  // The ledger recorded it once.
  await expect(panel.locator('.panel-footer')).toContainText(`Today: ${quoted} of 200 credits`);
  const ledger = await sw.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return new Promise<unknown[]>((resolve) => {
      const request = db.transaction('ledger').objectStore('ledger').getAll();
      request.onsuccess = () => resolve(request.result);
    });
  });
  expect(ledger).toHaveLength(1);
});
