/** vitest's global setup for the hub's tests, run once in vitest's own process. */
import { buildHubForTheRun } from '../support/built-hub';

export default buildHubForTheRun;
