/**
 * Mounts the lists page (a full tab: lists.html), wired to the real browser: messages go to the
 * background, which keeps and runs every list; files are saved through the page.
 */
import { render } from 'preact';
import '@/components/theme.css';
import '@/components/watch/watch.css';
import './lists.css';
import { askBackground, newRequestId } from '@/lib/ask-background';
import { downloadFile } from '@/lib/download';
import { openChangesPage } from '@/lib/open-changes';
import { ListsApp } from './App';
import type { ListsBackend } from './backend';

const backend: ListsBackend = {
  ask: askBackground,
  download: (fileName, parts, type) => downloadFile(fileName, parts, type),
  newRequestId,
  openChanges: openChangesPage,
};

const root = document.getElementById('app');
if (root) render(<ListsApp backend={backend} />, root);
