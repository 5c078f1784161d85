/**
 * Error answers. Both versions use the v3 body `{code, name, description}` (V2_ERROR_BODY in
 * lib/api/assumptions.ts: the one observed v2 error has that shape); descriptions follow the spec's
 * status table. A 409 adds `cachedProfileAgeSeconds`.
 */
import type { ApiVersion } from '../../lib/api/endpoints';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503;

const NAMES: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const DESCRIPTIONS: Record<Exclude<ErrorStatus, 400 | 503>, string> = {
  401: 'Invalid API key',
  // Exactly the observed body (test/fixtures/real/error-403-not-enough-credits.json).
  403: 'Not enough credits',
  404: 'The requested resource could not be found',
  409: 'A fresh profile could not be fetched and the cached profile is older than maxAgeSeconds; retry later or raise maxAgeSeconds',
  429: 'Rate limited; retry',
  500: 'Internal server error',
};

/** The v2 table says "Enrichment failed; retry"; v3 reads that retrieval failed and to retry. */
const UNAVAILABLE: Record<ApiVersion, string> = {
  v2: 'Enrichment failed; retry',
  v3: 'Retrieval failed; retry',
};

export interface ErrorBody {
  code: ErrorStatus;
  name: string;
  description: string;
  cachedProfileAgeSeconds?: number;
}

/** `description` is required for a 400 (it names the parameter) and optional otherwise. */
export function errorBody(
  status: ErrorStatus,
  version: ApiVersion,
  description?: string,
  extra?: { cachedProfileAgeSeconds: number },
): ErrorBody {
  const standard =
    status === 400
      ? 'Invalid parameters provided'
      : status === 503
        ? UNAVAILABLE[version]
        : DESCRIPTIONS[status];
  return { code: status, name: NAMES[status], description: description ?? standard, ...extra };
}
