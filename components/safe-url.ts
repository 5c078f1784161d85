/**
 * The views' import of the one URL gate (lib/safe-url.ts), which lib/ (the CRM exports' vCards)
 * uses as well: lib/ never imports components.
 */
export { displayHost, safeHttpUrl } from '@/lib/safe-url';
