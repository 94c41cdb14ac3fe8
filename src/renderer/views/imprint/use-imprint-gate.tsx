import { Suspense, useState, type ReactNode } from 'react';
import type { PublishStartResult } from '../../../shared/domain/publishing';
import { useAccountsStore } from '../../store/accounts-store';
import { usePublishStore } from '../../store/publish-store';
// A chunk of its own: most Publish clicks never need it (bench/renderer/size.ts).
import { ImprintDialog } from '../../lazy/inner-parts';

interface Asking {
  accountId: string;
  draftIds: string[];
  results: PublishStartResult[];
  resolve(results: PublishStartResult[]): void;
}

/**
 * Publish with the imprint asked for: when main refuses drafts because their account has no imprint
 * (it never makes one up), the imprint form opens for that account; once saved, those drafts are
 * published again. `dialog` is to be rendered by the caller.
 */
export function useImprintGate(): {
  publish(
    draftIds: string[],
    accountOf: (draftId: string) => string | null | undefined,
  ): Promise<PublishStartResult[]>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking | null>(null);
  const accounts = useAccountsStore((s) => s.state);

  const publish = async (draftIds: string[], accountOf: (draftId: string) => string | null | undefined) => {
    const results = await usePublishStore.getState().publish(draftIds);
    const refused = results.filter((result) => result.error?.problem === 'imprint-missing');
    const state = useAccountsStore.getState().state;
    const accountId = refused[0] && (accountOf(refused[0].draftId) ?? state?.activeId);
    if (!accountId || !state?.accounts.some((a) => a.id === accountId)) return results;
    // One account at a time: drafts of other accounts without an imprint stay refused, with why.
    const draftIdsOf = refused
      .filter((result) => (accountOf(result.draftId) ?? state?.activeId) === accountId)
      .map((result) => result.draftId);
    return new Promise<PublishStartResult[]>((resolve) =>
      setAsking({ accountId, draftIds: draftIdsOf, results, resolve }),
    );
  };

  const close = async (saved: boolean) => {
    if (!asking) return;
    setAsking(null);
    if (!saved) return asking.resolve(asking.results);
    const again = await usePublishStore.getState().publish(asking.draftIds);
    const byDraft = new Map(again.map((result) => [result.draftId, result]));
    asking.resolve(asking.results.map((result) => byDraft.get(result.draftId) ?? result));
  };

  const account = asking && accounts?.accounts.find((a) => a.id === asking.accountId);
  return {
    publish,
    dialog: account ? (
      <Suspense fallback={null}>
        <ImprintDialog account={account} onClose={(saved) => void close(saved)} />
      </Suspense>
    ) : null,
  };
}
