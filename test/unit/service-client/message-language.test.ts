// The service client's own messages (what Details, the log and a window without a sentence of its
// own show) follow the app's language: German in a German app, English otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { mainI18n } from '../../../src/main/i18n';
import {
  httpErrorMessage,
  invalidResponseMessage,
  missingSecretMessage,
  tokenErrorMessage,
  transportMessage,
} from '../../../src/main/service-client/messages';
import { SERVICE_PROBLEMS } from '../../../src/main/service-client';

afterEach(async () => {
  await mainI18n.changeLanguage('en');
});

/** Every message the client can make, one per problem and form. */
function everyMessage(): string[] {
  const messages = SERVICE_PROBLEMS.flatMap((problem) => [
    httpErrorMessage({ operation: 'createListing', problem, status: 400, page: false }),
    httpErrorMessage({ operation: 'createListing', problem, status: 502, page: true, retryAfterMs: 3000 }),
    transportMessage({
      operation: 'createListing',
      problem,
      code: 'ECONNREFUSED',
      host: 'h:1',
      timeoutMs: 500,
    }),
    transportMessage({ operation: 'uploadFile', problem, code: 'EACCES' }),
  ]);
  for (const code of ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'x'])
    messages.push(tokenErrorMessage(code, 'desc'));
  for (const why of ['empty', 'page', 'notJson', 'noPublications'] as const)
    messages.push(invalidResponseMessage('getListing', 200, { why }));
  messages.push(invalidResponseMessage('getListing', 200, { why: 'shape', path: 'a.b' }));
  messages.push(missingSecretMessage(true), missingSecretMessage(false));
  return messages;
}

describe('the service client messages', () => {
  it('are German in a German app, naming the service and what to do', async () => {
    await mainI18n.changeLanguage('de');
    expect(
      transportMessage({
        operation: 'token',
        problem: 'unreachable',
        code: 'ECONNREFUSED',
        host: '127.0.0.1:9',
      }),
    ).toBe(
      'Der Token-Dienst unter 127.0.0.1:9 ist nicht erreichbar (Verbindung abgelehnt). Prüfen Sie die Adresse und die Netzwerkverbindung.',
    );
    expect(
      httpErrorMessage({ operation: 'createListing', problem: 'forbidden', status: 403, page: false }),
    ).toBe('Der Anzeigendienst hat mit 403 Forbidden geantwortet. Dieses Konto darf das nicht.');
    expect(tokenErrorMessage('invalid_client', undefined)).toBe(
      'Client-ID oder Client-Geheimnis ist falsch.',
    );
    // No key is shown in place of words, and none of the English sentences is left.
    const german = everyMessage();
    await mainI18n.changeLanguage('en');
    const english = everyMessage();
    for (const [n, text] of german.entries()) {
      expect(text).not.toMatch(/serviceClient|^\w+\.\w+$/);
      if (english[n] !== text) continue;
      // The same in both languages only where nothing but a code is said.
      expect(text, 'a message left in English').not.toMatch(/\b(the|and|not|could|cannot)\b/i);
    }
  });

  it('stay English in an English app', () => {
    expect(
      transportMessage({
        operation: 'token',
        problem: 'unreachable',
        code: 'ECONNREFUSED',
        host: '127.0.0.1:9',
      }),
    ).toBe(
      'The token service at 127.0.0.1:9 cannot be reached (connection refused). Check the address and the network connection.',
    );
  });
});
