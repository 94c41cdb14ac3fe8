import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '../../../shared/domain/approvals';
import { adPreviewOf } from '../../../shared/domain/drafts';
import { useRoleGate } from '../../components/RoleGate';
import { useMessageLanguage } from '../../components/problem-text';
import { useDates } from '../../i18n/use-dates';
import { call } from '../../ipc/client';
import { useAccountsStore } from '../../store/accounts-store';
import { useApprovalsStore } from '../../store/approvals-store';
import { useCatalog } from '../../store/catalog-store';
import { AdPage } from '../preview/AdPage';
import { draftPhotoAddress } from '../preview/PreviewGallery';
import '../preview/preview.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Approve and Send back of a waiting request. The desk that asked sees both disabled with the reason
 * (the database refuses too), as does a desk whose role may not approve (RoleGate); both stay in
 * the keyboard's reach with their reason.
 */
/** What this desk's decision did, in words the language shown gives (the view may switch meanwhile). */
type Said = { key: 'approvedHere'; jobId: string } | { key: 'sentBackHere' };

function Decide({ request, onDone }: { request: ApprovalView; onDone(said: Said): void }) {
  const { t } = useTranslation();
  const id = useId();
  const gate = useRoleGate('approve');
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const own = request.mine;
  const blocked = own || !gate.allowed;
  // The own request's reason beside the buttons; the role's as RoleGate shows it.
  const control = (describedBy?: string) => {
    const role = gate.control(describedBy);
    if (!own) return role;
    const describe = [role['aria-describedby'], `${id}-own`].filter(Boolean).join(' ');
    return { 'aria-disabled': true as const, 'aria-describedby': describe };
  };

  const run = async (work: () => Promise<Said>) => {
    setBusy(true);
    setRefused(null);
    try {
      onDone(await work());
      void useApprovalsStore.getState().load();
    } catch (error) {
      setRefused(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const approve = () => {
    if (blocked || busy) return;
    void run(async () => {
      const { jobId } = await call('approvals:approve', { id: request.id });
      return { key: 'approvedHere' as const, jobId };
    });
  };
  const sendBack = () => {
    if (blocked || busy) return;
    if (!note.trim()) {
      setNoteMissing(true);
      noteField.current?.focus();
      return;
    }
    void run(async () => {
      await call('approvals:send-back', { id: request.id, note: note.trim() });
      return { key: 'sentBackHere' as const };
    });
  };

  return (
    <section className="approvals-decide" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('approvals.decideTitle')}</h3>
      {own && (
        <p id={`${id}-own`} className="muted small" data-testid="approval-own">
          {t('teamRoles.approvals.own')}
        </p>
      )}
      <div className="approvals-note">
        <label htmlFor={`${id}-note`}>{t('approvals.noteLabel')}</label>
        <textarea
          id={`${id}-note`}
          ref={noteField}
          rows={3}
          maxLength={2000}
          value={note}
          readOnly={blocked}
          aria-invalid={noteMissing || undefined}
          aria-describedby={noteMissing ? `${id}-note-missing` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            if (event.target.value.trim()) setNoteMissing(false);
          }}
        />
        {noteMissing && (
          <p id={`${id}-note-missing`} className="field-error" role="alert">
            {t('approvals.noteEmpty')}
          </p>
        )}
      </div>
      <div className="actions">
        {gate.wrap(
          <>
            <button type="button" className="primary" disabled={busy} {...control()} onClick={approve}>
              {t('approvals.approve')}
            </button>{' '}
            <button type="button" disabled={busy} {...control()} onClick={sendBack}>
              {t('approvals.sendBack')}
            </button>
          </>,
        )}
      </div>
      {refused && (
        <p className="field-error" role="alert" data-testid="approval-refused">
          {t('approvals.refused', { message: refused })}
        </p>
      )}
    </section>
  );
}

/** What changes against the live ad, field by field (a first publishing changes nothing live). */
function Changes({ request }: { request: ApprovalView }) {
  const { t } = useTranslation();
  if (request.changes.length === 0)
    return request.kind === 'publish' ? <p className="muted small">{t('approvals.firstPublish')}</p> : null;
  return (
    <table className="approvals-changes">
      <caption>{t('approvals.changesTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('approvals.changeField')}</th>
          <th scope="col">{t('approvals.liveValue')}</th>
          <th scope="col">{t('approvals.askedValue')}</th>
        </tr>
      </thead>
      <tbody>
        {request.changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{change.field}</th>
            <td>{change.live}</td>
            <td>{change.asked}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One request: who asked and when, its state, what changes, the ad as buyers will see it, and the decision. */
export function ApprovalDetail({ request }: { request: ApprovalView }) {
  const { t } = useTranslation();
  const dates = useDates();
  const language = useMessageLanguage();
  const catalog = useCatalog(request.draft !== null)?.view;
  const account = useAccountsStore((s) => s.state?.accounts.find((a) => a.id === request.account));
  // What this desk's decision did: said here, since the decided request shows no buttons any more.
  const [said, setSaid] = useState<Said | null>(null);
  return (
    <section
      className="approvals-detail"
      aria-labelledby="approval-detail-title"
      data-testid="approval-detail"
    >
      <header className="approvals-detail-head">
        <h2 id="approval-detail-title">
          {t(`approvals.kindTitle.${request.kind}`, { title: request.ad.title || t('preview.untitled') })}
        </h2>
        <p>
          <span className={`approvals-state state-${request.state}`} data-testid="approval-state">
            {t(`teamRoles.approvals.state.${request.state}`)}
          </span>{' '}
          {t('approvals.asked', { desk: request.askedByName, at: dates.dateTime(request.askedAt) })}
          {account && ` · ${t('approvals.account', { account: account.name })}`}
        </p>
        {request.state !== 'waiting' && request.decidedAt && (
          <p className="muted small">
            {t(`approvals.decided.${request.state}`, {
              desk: request.decidedByName ?? '',
              at: dates.dateTime(request.decidedAt),
            })}
          </p>
        )}
        {request.note && (
          <p className="approvals-note-shown" data-testid="approval-note">
            {t('approvals.note', { note: request.note })}
          </p>
        )}
      </header>
      <p className="muted small" role="status" data-testid="approval-done">
        {said && t(`teamRoles.approvals.${said.key}`, { id: request.id, ...said })}
      </p>
      {request.state === 'waiting' && <Decide request={request} onDone={setSaid} />}
      <Changes request={request} />
      <section className="approvals-ad" aria-label={t('approvals.asBuyersSee')}>
        <h3>{t('approvals.asBuyersSee')}</h3>
        {request.draft ? (
          <AdPage
            preview={adPreviewOf(request.draft, account ?? null, { language, catalog })}
            address={draftPhotoAddress}
          />
        ) : (
          <p className="muted">{t('approvals.noDraft')}</p>
        )}
      </section>
    </section>
  );
}
