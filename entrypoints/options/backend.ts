/**
 * What the options page needs from the browser, passed in so tests can stand in for it: the
 * background to ask, and the browser's permission prompt. main.tsx wires the real ones.
 */
import type { Ask } from '@/lib/ask-background';

export interface OptionsBackend {
  ask: Ask;
  /**
   * Asks the browser for host access to these origins (browser.permissions.request). Must be
   * called synchronously from a click or submit: the browser only prompts inside a user gesture.
   */
  requestOrigins(origins: string[]): Promise<boolean>;
}
