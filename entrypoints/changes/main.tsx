/**
 * Mounts the Changes page (a full tab: changes.html), wired to the real browser: messages go to the
 * background, which keeps the watch lists, runs them and records what changed; files are saved
 * through the page.
 */
import { render } from 'preact';
import '@/components/theme.css';
import '@/components/watch/watch.css';
import { askBackground } from '@/lib/ask-background';
import { downloadFile } from '@/lib/download';
import { downloadChangesCsv, downloadChangesJson } from '@/lib/watch/change-export';
import { ChangesApp } from './App';
import type { ChangesBackend } from './backend';

const backend: ChangesBackend = {
  ask: askBackground,
  download: (fileName, parts, type) => downloadFile(fileName, parts, type),
  saveChanges: async (format, changes) =>
    format === 'csv' ? downloadChangesCsv(changes) : downloadChangesJson(changes),
};

const root = document.getElementById('app');
if (root) render(<ChangesApp backend={backend} />, root);
