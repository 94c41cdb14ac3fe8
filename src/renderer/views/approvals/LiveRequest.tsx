// A request about a live ad in the Approvals view (issue 37.4): its heading in its own words (change,
// new price, pause or resume, end or end as sold), what happens to the ad, and the ad as buyers will
// see it afterwards (a live ad has no draft to preview: its fields, as the request carries them).
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '../../../shared/domain/approvals';

/** The heading's key of a request, by its kind and what it does. */
export function requestTitleKey(request: ApprovalView): string {
  const action = request.action;
  if (action?.kind === 'pause') return action.state === 'RESUMED' ? 'resume' : 'pause';
  if (action?.kind === 'end') return action.sold ? 'endSold' : 'end';
  return request.kind;
}

/** A changed field's name in words ("attributes.farbe" reads "details: farbe"). */
export function useFieldName(): (field: string) => string {
  const { t } = useTranslation();
  return (field) => {
    const [head, ...rest] = field.split('.');
    const name = t(`teamRoles.approvals.field.${head}`, { defaultValue: head });
    return rest.length > 0 ? `${name}: ${rest.join('.')}` : name;
  };
}

const priceText = (price: ApprovalView['ad']['price']) =>
  price.amount === null || price.amount === '' ? price.type : `${String(price.amount)} € (${price.type})`;

/** What the request does to the live ad, and the ad as buyers will see it afterwards. */
export function LiveRequestAd({ request }: { request: ApprovalView }) {
  const { t } = useTranslation();
  const { ad, action } = request;
  const happens =
    action?.kind === 'pause'
      ? t(`approvals.happens.${action.state === 'RESUMED' ? 'resume' : 'pause'}`)
      : action?.kind === 'end'
        ? t(`approvals.happens.${action.sold ? 'endSold' : 'end'}`)
        : null;
  return (
    <>
      {happens && (
        <p className="approvals-happens" data-testid="approval-happens">
          {happens}
        </p>
      )}
      <dl className="approvals-live-ad" data-testid="approval-live-ad">
        <dt>{t('teamRoles.approvals.field.title')}</dt>
        <dd>{ad.title || t('preview.untitled')}</dd>
        <dt>{t('teamRoles.approvals.field.price')}</dt>
        <dd>{priceText(ad.price)}</dd>
        <dt>{t('teamRoles.approvals.field.category')}</dt>
        <dd>{ad.category}</dd>
        <dt>{t('teamRoles.approvals.field.photos')}</dt>
        <dd>{ad.photos.length}</dd>
        <dt>{t('teamRoles.approvals.field.description')}</dt>
        <dd className="approvals-live-text">{ad.description}</dd>
      </dl>
    </>
  );
}
