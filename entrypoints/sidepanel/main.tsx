/**
 * Mounts the side panel on its backend (./backend.ts). Its first question has usually left already
 * (./first-look.ts): it is answered while this script loads, or soon after.
 */
import { render } from 'preact';
import '@/components/theme.css';
import '@/components/profile/profile.css';
import '@/components/watch/watch.css';
import { PanelApp } from './App';
import { panelBackend } from './backend';
import { firstLookSettled, pinnedTab, takeFirstLook } from './first-look';

/**
 * How long the first render waits for the first look's answer. It usually comes a few tens of
 * milliseconds after this script runs (test/bench/panel-open.ts); a worker that was stopped takes
 * longer, and the panel then says it is reading the page.
 */
const FIRST_LOOK_WAIT_MS = 120;

const root = document.getElementById('app');
const firstLook = takeFirstLook();
if (root)
  void firstLookSettled(firstLook, FIRST_LOOK_WAIT_MS).then(() =>
    render(<PanelApp backend={panelBackend(pinnedTab())} firstLook={firstLook} />, root),
  );
