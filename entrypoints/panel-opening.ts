/**
 * The side panel's first script, and its smallest: it asks the panel's first question
 * (sidepanel/first-look.ts) as soon as it is fetched, so the background answers while the panel's
 * own script is still loading. sidepanel.html loads it `async`, before the panel's module. It
 * carries no webextension-polyfill (first-look.ts asks the browser's own API), which would be most
 * of it and slow it to start.
 */
import { askBackground } from '@/lib/ask-background';
import { pinnedTab, shownTab, startFirstLook } from './sidepanel/first-look';

export default defineUnlistedScript(() => {
  const pinned = pinnedTab();
  startFirstLook({ ask: askBackground, currentTab: () => shownTab(pinned) });
});
