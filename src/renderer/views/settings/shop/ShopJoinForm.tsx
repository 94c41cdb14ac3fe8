import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopStore, type ShopJoinPrefill, type ShopTest } from '../../../store/shop-store';

/** The problems the set-up mends: no Listing Desk schema yet, or an older one. */
const SET_UP_MENDS = new Set(['not-listing-desk', 'schema-too-old']);

/** What the connection test found, in plain words; the way to set up a database that needs it. */
function TestResult({ test, url }: { test?: ShopTest; url: string }) {
  const { t } = useTranslation();
  if (!test) return null;
  if (test.running)
    return (
      <p className="test-result" role="status">
        {t('shop.testing')}
      </p>
    );
  if (test.ok)
    return (
      <p className="test-result ok" role="status">
        {t('shop.testOk', { where: test.where, version: test.version, count: test.desks })}
      </p>
    );
  return (
    <>
      <p className="test-result failed" role="alert" data-problem={test.problem}>
        {test.message}
      </p>
      {SET_UP_MENDS.has(test.problem) && (
        <p className="shop-mend">
          <button type="button" onClick={() => useShopStore.getState().openSetup(url)}>
            {t('shop.setupFromTest')}
          </button>
        </p>
      )}
    </>
  );
}

/**
 * Joining a shop: its address, the desk login's password and this desk's name; a test first.
 * `initial` is the desk login the set-up has just made.
 */
export function ShopJoinForm({ initial }: { initial?: ShopJoinPrefill }) {
  const { t } = useTranslation();
  const ids = useId();
  const { runTest, join } = useShopStore.getState();
  const test = useShopStore((s) => s.test);
  const [url, setUrl] = useState(initial?.url ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const nameField = useRef<HTMLInputElement>(null);
  // Filled in by the set-up: what is left to type is this desk's name.
  useEffect(() => {
    if (initial) nameField.current?.focus();
  }, [initial]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFormError(undefined);
    try {
      await work();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await join({ url: url.trim(), name: name.trim(), ...(password && { password }) });
      setPassword('');
    });
  };

  return (
    <form className="account-form" onSubmit={submit} aria-label={t('shop.joinTitle')}>
      <h3>{t('shop.joinTitle')}</h3>
      <label className="field wide" htmlFor={`${ids}-url`}>
        <span>{t('shop.url')}</span>
        <input
          id={`${ids}-url`}
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('shop.urlPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <small className="hint">{t('shop.urlHint')}</small>
      </label>
      <label className="field wide" htmlFor={`${ids}-password`}>
        <span>{t('shop.password')}</span>
        <input
          id={`${ids}-password`}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
        <small className="hint">{t('shop.passwordHint')}</small>
      </label>
      <label className="field" htmlFor={`${ids}-name`}>
        <span>{t('shop.deskName')}</span>
        <input
          id={`${ids}-name`}
          ref={nameField}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('shop.deskNamePlaceholder')}
          maxLength={80}
          required
        />
        <small className="hint">{t('shop.deskNameHint')}</small>
      </label>
      <TestResult test={test} url={url.trim()} />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={busy || url.trim() === ''}
          onClick={() => void run(() => runTest(url.trim(), password || undefined))}
        >
          {t('shop.test')}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {t('shop.join')}
        </button>
      </div>
    </form>
  );
}
