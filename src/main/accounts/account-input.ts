// A service account's record from what the seller typed in Settings: the fields a new account must
// have, and what an edit keeps of the account as it was.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { accountInputSchema } from '../../shared/ipc/contract';
import { AppError } from '../errors/app-error';
import { mainI18n } from '../i18n';
import { emptyAccountDefaults, type AccountRecord } from '../storage/accounts-store';

export type AccountInput = z.output<typeof accountInputSchema>;

/**
 * The service account `input` describes: a new one when `existing` is undefined, else `existing`
 * with the fields `input` gives. Throws `invalid-input` naming the addresses or client ID missing.
 */
export function serviceAccountFromInput(
  input: AccountInput,
  existing: AccountRecord | undefined,
): AccountRecord {
  const missing = (['authUrl', 'baseUrl', 'clientId'] as const).filter(
    (field) => !(input[field] ?? existing?.[field]),
  );
  if (missing.length > 0) {
    throw new AppError(
      'invalid-input',
      mainI18n.t('errors:accountFill', {
        fields: missing.map((field) => mainI18n.t(`errors:accountField.${field}`)).join(', '),
      }),
      missing.map((field) => ({ path: [field], message: mainI18n.t('errors:required') })),
    );
  }
  return {
    id: existing?.id ?? randomUUID(),
    kind: 'service',
    name: input.name,
    authUrl: (input.authUrl ?? existing?.authUrl)!.replace(/\/+$/, ''),
    baseUrl: (input.baseUrl ?? existing?.baseUrl)!.replace(/\/+$/, ''),
    clientId: (input.clientId ?? existing?.clientId)!,
    authScheme: input.authScheme ?? existing?.authScheme ?? 'auto',
    detectedAuthForm: existing?.detectedAuthForm ?? null,
    imprints: existing?.imprints ?? [],
    defaultImprintUuid: existing?.defaultImprintUuid ?? null,
    defaults: existing?.defaults ?? emptyAccountDefaults(),
    marketplaceUrlPattern: input.marketplaceUrlPattern ?? existing?.marketplaceUrlPattern,
  };
}
