// The feed form's state (issue 25): what the seller typed, the source's columns as main read them,
// and turning it into the settings `feeds:save` takes. The password stays in this form until it
// is sent to main (which keeps it in the keychain); it is never read back.
import { useCallback, useState } from 'react';
import type {
  FeedGone,
  FeedSettings,
  FeedVariants,
  FeedView,
  ProductFormat,
} from '../../../shared/domain/feeds';
import { DEFAULT_FEED_MAX_SHARE, recognizeTable } from '../../../shared/domain/feeds';
import type { ImportInspectResult, ImportMapping } from '../../../shared/domain/tables';
import type { PriceRule } from '../../../shared/domain/price-rules';
import type { InputOf } from '../../../shared/ipc/contract';

export interface FeedFormValues {
  name: string;
  kind: 'file' | 'url';
  path: string;
  url: string;
  user: string;
  /** Typed now; '' keeps the kept one (or none). */
  password: string;
  forgetPassword: boolean;
  accountId: string;
  templateId: string;
  photoFolder: string;
  referenceColumn: string;
  stockColumn: string;
  gone: FeedGone;
  publish: boolean;
  scheduled: boolean;
  everyMinutes: string;
  /** The valve's share in percent, as typed. */
  maxPercent: string;
  /** Set once the seller changed a column's target (else main keeps the remembered or guessed one). */
  mapping: ImportMapping | null;
  /** The feed's price rule, set on the feed's page (kept as it is when the form saves). */
  priceRule: PriceRule | null;
  /** Issue 35: one ad per group of variants or per variant; details to attributes or the description. */
  variants: FeedVariants;
  productDetails: 'attributes' | 'description';
  /** The source (and its photos) may be on a private, loopback or link-local address. */
  allowPrivateAddresses: boolean;
}

export type FeedFormProblem = 'name' | 'path' | 'url' | 'reference' | 'every' | 'share';

// Headers a shop system's export names its SKU or stock column by (English and German).
const REFERENCE_NAMES =
  /^(sku|artikel-?nr\.?|artikelnummer|art\.?-?nr\.?|reference|referenz|id|product[_ -]?id)$/i;
const STOCK_NAMES = /^(stock|bestand|lagerbestand|menge|quantity|qty|anzahl|verfügbar|available)$/i;

/** The form's first values: the feed's settings, or a new feed's defaults for `accountId`. */
export function initialValues(feed: FeedView | undefined, accountId: string): FeedFormValues {
  return {
    name: feed?.name ?? '',
    kind: feed?.source.kind ?? 'file',
    path: feed?.source.kind === 'file' ? feed.source.path : '',
    url: feed?.source.kind === 'url' ? feed.source.url : '',
    user: feed?.source.kind === 'url' ? (feed.source.user ?? '') : '',
    password: '',
    forgetPassword: false,
    accountId: feed?.accountId ?? accountId,
    templateId: feed?.templateId ?? '',
    photoFolder: feed?.photoFolder ?? '',
    referenceColumn: feed?.referenceColumn ?? '',
    stockColumn: feed?.stockColumn ?? '',
    gone: feed?.gone ?? 'pause',
    publish: feed?.publish ?? false,
    scheduled: feed?.everyMinutes !== undefined,
    everyMinutes: String(feed?.everyMinutes ?? 60),
    maxPercent: String(Math.round((feed?.maxShare ?? DEFAULT_FEED_MAX_SHARE) * 100)),
    mapping: feed?.mapping ?? null,
    priceRule: feed?.priceRule ?? null,
    variants: feed?.variants ?? 'group',
    productDetails: feed?.productDetails ?? 'attributes',
    allowPrivateAddresses: feed?.allowPrivateAddresses ?? false,
  };
}

/** The product format a read header is recognized as (issue 35.1), or null. */
export function recognizedFormat(
  inspected: Pick<ImportInspectResult, 'header'> | null,
): ProductFormat | null {
  return inspected ? recognizeTable(inspected.header) : null;
}

/**
 * Whether the reference column may stay empty: a recognized format knows its reference field, and
 * an address is read only by the plan (which says whether its format was recognized).
 */
export function referenceOptional(
  values: Pick<FeedFormValues, 'kind'>,
  recognized: ProductFormat | null,
): boolean {
  return values.kind === 'url' || recognized !== null;
}

/** The reference and stock columns a read header suggests, where the seller chose none yet. */
export function guessedColumns(
  values: FeedFormValues,
  inspected: ImportInspectResult,
): Pick<FeedFormValues, 'referenceColumn' | 'stockColumn'> {
  const { header, mapping } = inspected;
  // A recognized export knows its reference and stock fields: nothing to guess.
  if (recognizeTable(header) !== null)
    return { referenceColumn: values.referenceColumn, stockColumn: values.stockColumn };
  const mapped = header[mapping.indexOf('reference')];
  const reference =
    values.referenceColumn || mapped || header.find((name) => REFERENCE_NAMES.test(name.trim())) || '';
  const stock = values.stockColumn || header.find((name) => STOCK_NAMES.test(name.trim())) || '';
  return { referenceColumn: reference, stockColumn: stock };
}

/** What is missing or wrong before the feed can be saved (none: it can). */
export function problemsOf(
  values: FeedFormValues,
  recognized: ProductFormat | null = null,
): FeedFormProblem[] {
  const problems: FeedFormProblem[] = [];
  if (values.name.trim() === '') problems.push('name');
  if (values.kind === 'file' && values.path.trim() === '') problems.push('path');
  if (values.kind === 'url' && !/^https:\/\/[^\s/@]+/i.test(values.url.trim())) problems.push('url');
  if (values.referenceColumn.trim() === '' && !referenceOptional(values, recognized))
    problems.push('reference');
  const every = Number(values.everyMinutes);
  if (values.scheduled && !(Number.isInteger(every) && every >= 5 && every <= 43_200)) problems.push('every');
  const share = Number(values.maxPercent);
  if (!(Number.isFinite(share) && share >= 0 && share <= 100)) problems.push('share');
  return problems;
}

/** The call that saves the form (after `problemsOf` found nothing). */
export function saveInput(values: FeedFormValues, id: string | undefined): InputOf<'feeds:save'> {
  const settings: FeedSettings = {
    name: values.name.trim(),
    source:
      values.kind === 'file'
        ? { kind: 'file', path: values.path.trim() }
        : {
            kind: 'url',
            url: values.url.trim(),
            ...(values.user.trim() ? { user: values.user.trim() } : {}),
          },
    ...(values.mapping ? { mapping: values.mapping } : {}),
    accountId: values.accountId,
    ...(values.templateId ? { templateId: values.templateId } : {}),
    ...(values.photoFolder.trim() ? { photoFolder: values.photoFolder.trim() } : {}),
    ...(values.referenceColumn.trim() ? { referenceColumn: values.referenceColumn.trim() } : {}),
    ...(values.stockColumn.trim() ? { stockColumn: values.stockColumn.trim() } : {}),
    gone: values.gone,
    publish: values.publish,
    ...(values.scheduled ? { everyMinutes: Number(values.everyMinutes) } : {}),
    maxShare: Number(values.maxPercent) / 100,
    ...(values.priceRule ? { priceRule: values.priceRule } : {}),
    ...(values.variants !== 'group' ? { variants: values.variants } : {}),
    ...(values.productDetails !== 'attributes' ? { productDetails: values.productDetails } : {}),
    ...(values.allowPrivateAddresses ? { allowPrivateAddresses: true } : {}),
  };
  const password =
    values.kind !== 'url' || values.forgetPassword
      ? null
      : values.password === ''
        ? undefined
        : values.password;
  return {
    ...(id ? { id } : {}),
    settings,
    // A file has no password: one kept from a former address is forgotten.
    ...(password !== undefined ? { password } : {}),
  };
}

/** The form's values and a setter of some of them. */
export function useFeedFormValues(first: () => FeedFormValues) {
  const [values, setValues] = useState(first);
  const change = useCallback(
    (patch: Partial<FeedFormValues>) => setValues((now) => ({ ...now, ...patch })),
    [],
  );
  return [values, change] as const;
}
