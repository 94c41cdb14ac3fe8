// Secrets never reach a log line, wherever they hide: the message, an error's text or fields, a
// nested object, a form body, a URL, a JSON string.
import { describe, expect, it } from 'vitest';
import { createLog } from '../../../src/main/log/create-log';
import { REDACTED, redactFields, scrubText } from '../../../src/main/log/redact';

const SECRET = 'S3cr3t-client-value-4711';
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsaXN0aW5nLWRlc2siLCJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLXBhcnQtb2YtaXQ';
const OPAQUE = 'opaque0token0abcdef0123456789';

/** A log writing into a string; returns the log and a reader of everything written. */
function captured() {
  let text = '';
  const sink = { write: (chunk: string) => (text += chunk) };
  const log = createLog({ name: 'test', level: 'debug', stderr: sink });
  return { log, text: () => text };
}

describe('scrubText', () => {
  it.each([
    [`Authorization: Bearer ${OPAQUE}`, OPAQUE],
    [`authorization=Bearer%20${OPAQUE}`, OPAQUE],
    [`sent ${JWT} as the bare token`, JWT],
    [`grant_type=client_credentials&client_id=x&client_secret=${SECRET}&audience=y`, SECRET],
    [`{"client_secret":"${SECRET}","access_token":"${OPAQUE}"}`, SECRET],
    [`{\\"client_secret\\":\\"${SECRET}\\"}`, SECRET],
    [`http://127.0.0.1:4000/?token=${OPAQUE}`, OPAQUE],
    [`ws://127.0.0.1:4000/ipc?token=${OPAQUE}&x=1`, OPAQUE],
    [`password: '${SECRET}'`, SECRET],
  ])('removes the secret from %s', (input, secret) => {
    const out = scrubText(input);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('keeps ordinary sentences about tokens', () => {
    const line = 'token: 503 Service Unavailable; repeating in 500 ms (repeat 1 of 3)';
    expect(scrubText(line)).toBe(line);
    expect(scrubText('the access token was refused (401); fetching a new one')).toBe(
      'the access token was refused (401); fetching a new one',
    );
  });
});

describe('redactFields', () => {
  it('redacts secret-named fields at any depth, arrays included, and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const out = redactFields({
      account: 'a1',
      request: { headers: { Authorization: `Bearer ${OPAQUE}`, accept: 'json' } },
      form: [{ clientSecret: SECRET }, { nested: { deeper: { access_token: OPAQUE } } }],
      note: `found ${JWT}`,
      cyclic,
    });
    const text = JSON.stringify(out);
    for (const secret of [SECRET, OPAQUE, JWT]) expect(text).not.toContain(secret);
    expect(out.account).toBe('a1');
    expect(out.request.headers.accept).toBe('json');
    expect(text).toContain('[circular]');
  });
});

describe('the log', () => {
  it('writes no secret from a message, an error, its cause, its fields or a child binding', () => {
    const { log, text } = captured();
    log.info(`token answer {"access_token":"${OPAQUE}"}`);
    log.warn('request', { headers: { authorization: `Bearer ${OPAQUE}` }, body: { client_secret: SECRET } });
    const cause = Object.assign(new Error(`form was client_secret=${SECRET}`), { token: OPAQUE });
    const error = new Error(`refused ${JWT}`, { cause });
    Object.assign(error, { authorization: `Bearer ${OPAQUE}`, options: { headers: { secret: SECRET } } });
    log.error('call failed', error, { deep: { a: { b: { password: SECRET } } } });
    log.child({ token: OPAQUE, account: 'acc-1' }).info('child line');
    log.error('thrown string', `Bearer ${OPAQUE}`);
    log.error('thrown object', { client_secret: SECRET });
    const written = text();
    for (const secret of [SECRET, OPAQUE, JWT]) expect(written).not.toContain(secret);
    for (const line of ['call failed', 'child line', 'thrown string', 'thrown object', 'acc-1'])
      expect(written).toContain(line);
  });
});
