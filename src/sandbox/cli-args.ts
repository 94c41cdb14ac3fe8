// Command-line flags of `npm run sandbox`, turned into SandboxOptions.
import { parseArgs } from 'node:util';
import { FAULT_SYNTAX, parseFaultSpec } from './faults';
import { parseLateFinish } from './late-finish';
import type { ClientConfig } from './model';
import type { SandboxOptions } from './options';
import type { Offered, QuirksPatch } from './quirks';
import { parseRateLimit } from './rate-limit';
import { ROUTE_KEYS } from './route-keys';

/** Usage text of the CLI. */
export const USAGE = `Usage: npm run -s sandbox -- [flags]   (-s: no npm banner on stdout)

Runs the embedded listing service. When ready it prints one line of JSON on stdout:
  {"authUrl":...,"baseUrl":...,"clientId":...,"clientSecret":...,"clients":[...]}
and runs until SIGINT or SIGTERM. Logs go to stderr.

  --port N                 port (default 0 = any free port)
  --host H                 interface (default 127.0.0.1)
  --client ID:SECRET       a client (repeatable); append ':no-grant' for a client that may not use
                           client_credentials (unauthorized_client). Default: one generated client.
  --token-ttl SECONDS      access token lifetime (default 3600)
  --ticket-ttl SECONDS     upload ticket lifetime (default 900)
  --validation-delay MS    time until a publication settles (default 300)
  --max-media-bytes N      largest attachable media file (default 20971520); larger gives 413
  --latency MS             delay added to every request (default 0)
  --bandwidth MBIT         rate of request and response bodies (the storage PUT included) in Mbit/s,
                           one pipe per direction shared by all requests, as a seller's line
                           (default 0 = unlimited)
  --data-dir DIR           persist state and files in DIR (default: in memory)
  --seed N                 seed of fault rates and of the generated client secret
  --rate-limit reads=N,writes=N,burst=N
                           calls per second per client on the listings service (GET = read;
                           POST, PUT, DELETE = write), each a bucket holding burst calls (default
                           one second's worth); beyond it 429 with Retry-After in seconds
  --quiet                  no request logs

Quirks (the spec's "not shown" points):
  --auth-scheme both|bearer|bare       Authorization as 'Bearer <token>', bare token, or either (both)
  --update-response 200|204            PUT listing / DELETE media: 200 with the listing, or 204 (200)
  --district-required                  publication create without district is 400 Missing data
  --category-response path|last-segment  category in listing responses (last-segment)
  --pending-state NAME                 actualState while validating (PENDING_VALIDATION)
  --rejected-state NAME                actualState after a failed validation (REJECTED)
  --publications-read array|object|off  GET /v1/listings/{uuid}/publications as a bare array,
                                       as {"publications":[...]}, or not offered: 404 (array)
  --list-items normal|odd              GET /v1/listings adds two items the schema rejects (normal)
  --publication-states present|absent  publication reads carry requestedState/actualState (present)
  --listing-delete on|404|405|501      DELETE /v1/listings/{uuid} offered, or answered as a service
                                       without it: 404, 405 or 501 (on)
  --publication-state-change on|404|405|501
                                       PUT .../publications/{uuid}/state?requestedState=PAUSED|RESUMED
                                       offered, or answered 404, 405 or 501 (on)
  --category-paths any|catalog         a listing create or update whose category is not a path of the
                                       marketplace's catalog is 400 "Failed to read request", as the
                                       real service answers it (any; the app's Sandbox: catalog)
  --attribute-values any|catalog|KEY,KEY
                                       a select's value outside the catalog's options for the
                                       listing's category is 400 "Failed to read request": for every
                                       key, or only the keys named (any: the catalog's lists hold only
                                       values that had listings, so they are incomplete)
  --late-finish listing=MS,publication=MS[,times=N]
                                       a listing and/or publication create is finished MS late: the
                                       request hangs past the client's timeout, and the listing or
                                       publication is made after the delay all the same; times=N: only
                                       the first N creates of each kind (default: on time)
  --catalog FILE                       the catalog file these two check against (default: the one
                                       shipped with the app, src/shared/marketplace-catalog.json)

Faults:
  ${FAULT_SYNTAX.replace(/\n/g, '\n  ')}
  Route keys:
    ${ROUTE_KEYS.join('\n    ')}
`;

/** Parsed command line: options, or a request for help. */
export type CliCommand = { help: true } | { help: false; options: SandboxOptions };

/** Parses the CLI flags; throws an Error with a readable message on bad input. */
export function parseCli(argv: string[]): CliCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      port: { type: 'string' },
      host: { type: 'string' },
      client: { type: 'string', multiple: true },
      'token-ttl': { type: 'string' },
      'ticket-ttl': { type: 'string' },
      'validation-delay': { type: 'string' },
      'max-media-bytes': { type: 'string' },
      latency: { type: 'string' },
      bandwidth: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      quiet: { type: 'boolean' },
      'rate-limit': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'auth-scheme': { type: 'string' },
      'update-response': { type: 'string' },
      'district-required': { type: 'boolean' },
      'category-response': { type: 'string' },
      'pending-state': { type: 'string' },
      'rejected-state': { type: 'string' },
      'publications-read': { type: 'string' },
      'list-items': { type: 'string' },
      'publication-states': { type: 'string' },
      'listing-delete': { type: 'string' },
      'publication-state-change': { type: 'string' },
      'category-paths': { type: 'string' },
      'attribute-values': { type: 'string' },
      catalog: { type: 'string' },
      'late-finish': { type: 'string' },
    },
  });
  if (values.help) return { help: true };
  const num = (flag: string, value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new Error(`--${flag} needs a number >= 0`);
    return n;
  };
  const quirks: QuirksPatch = {};
  const scheme = values['auth-scheme'];
  if (scheme !== undefined)
    quirks.authScheme = oneOf('auth-scheme', scheme, ['both', 'bearer', 'bare'] as const);
  const update = values['update-response'];
  if (update !== undefined)
    quirks.updateResponse = Number(oneOf('update-response', update, ['200', '204'] as const)) as 200 | 204;
  if (values['district-required']) quirks.districtRequired = true;
  const category = values['category-response'];
  if (category !== undefined) {
    quirks.categoryResponse = oneOf('category-response', category, ['path', 'last-segment'] as const);
  }
  const pending = values['pending-state'];
  const rejected = values['rejected-state'];
  if (pending !== undefined || rejected !== undefined) {
    quirks.stateNames = { ...(pending ? { pending } : {}), ...(rejected ? { rejected } : {}) };
  }
  const read = values['publications-read'];
  if (read !== undefined)
    quirks.publicationsRead = oneOf('publications-read', read, ['array', 'object', 'off'] as const);
  const items = values['list-items'];
  if (items !== undefined) quirks.listItems = oneOf('list-items', items, ['normal', 'odd'] as const);
  const states = values['publication-states'];
  if (states !== undefined)
    quirks.publicationStates = oneOf('publication-states', states, ['present', 'absent'] as const);
  const listingDelete = values['listing-delete'];
  if (listingDelete !== undefined) quirks.listingDelete = offered('listing-delete', listingDelete);
  const stateChange = values['publication-state-change'];
  if (stateChange !== undefined)
    quirks.publicationStateChange = offered('publication-state-change', stateChange);
  const paths = values['category-paths'];
  if (paths !== undefined) quirks.categoryPaths = oneOf('category-paths', paths, ['any', 'catalog'] as const);
  const checked = values['attribute-values'];
  if (checked !== undefined) quirks.attributeValues = attributeValues(checked);
  const late = values['late-finish'];
  if (late !== undefined) quirks.lateFinish = parseLateFinish(late);
  const options: SandboxOptions = {
    port: num('port', values.port),
    host: values.host,
    clients: values.client?.map(parseClient),
    tokenTtlSeconds: num('token-ttl', values['token-ttl']),
    ticketTtlSeconds: num('ticket-ttl', values['ticket-ttl']),
    validationDelayMs: num('validation-delay', values['validation-delay']),
    maxMediaBytes: num('max-media-bytes', values['max-media-bytes']),
    latencyMs: num('latency', values.latency),
    bandwidthMbit: num('bandwidth', values.bandwidth),
    dataDir: values['data-dir'],
    seed: num('seed', values.seed),
    faults: values.fault?.map(parseFaultSpec),
    quirks,
    catalogFile: values.catalog,
    rateLimit: values['rate-limit'] === undefined ? undefined : parseRateLimit(values['rate-limit']),
    log: !values.quiet,
  };
  return {
    help: false,
    options: Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
}

function oneOf<const T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`--${flag} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function offered(flag: string, value: string): Offered {
  const v = oneOf(flag, value, ['on', '404', '405', '501'] as const);
  return v === 'on' ? 'on' : (Number(v) as 404 | 405 | 501);
}

/** `any`, `catalog`, or keys separated by commas. */
function attributeValues(value: string): QuirksPatch['attributeValues'] {
  if (value === 'any' || value === 'catalog') return value;
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (keys.length === 0)
    throw new Error('--attribute-values must be any, catalog or keys such as groesse,condition');
  return keys;
}

/** Parses `ID:SECRET` or `ID:SECRET:no-grant`. */
function parseClient(value: string): ClientConfig {
  const noGrant = value.endsWith(':no-grant');
  const text = noGrant ? value.slice(0, -':no-grant'.length) : value;
  const colon = text.indexOf(':');
  const clientId = text.slice(0, colon);
  const clientSecret = text.slice(colon + 1);
  if (colon <= 0 || clientSecret === '') throw new Error(`--client '${value}' must be ID:SECRET`);
  return noGrant ? { clientId, clientSecret, allowedGrant: false } : { clientId, clientSecret };
}
