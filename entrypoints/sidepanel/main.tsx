/**
 * Mounts the side panel on its backend (./backend.ts). Its first question has usually left already
 * (./first-look.ts): it is answered while this script loads.
 */
import { render } from 'preact';
import '@/components/theme.css';
import '@/components/profile/profile.css';
import { PanelApp } from './App';
import { panelBackend } from './backend';
import { pinnedTab, takeFirstLook } from './first-look';

const root = document.getElementById('app');
if (root) render(<PanelApp backend={panelBackend(pinnedTab())} firstLook={takeFirstLook()} />, root);
