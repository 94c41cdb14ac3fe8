// One render error must not blank the window: each view sits in its own boundary, which shows what
// went wrong in the seller's language, reports it to main's log, and re-mounts the view on Reload.
// The data lives in the zustand stores, outside the view, so nothing is lost by re-mounting.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewName } from '../../shared/ipc/types';
import { call } from '../ipc/client';

interface Props {
  view: ViewName;
  children: ReactNode;
}

interface State {
  error?: Error;
  /** Bumped by Reload, so the view mounts afresh. */
  generation: number;
}

const clip = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

/** Catches a view's render errors (see the top of this file). */
export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const failure = error instanceof Error ? error : new Error(String(error));
    // Bounded as the contract demands; a failed report must not throw inside React's handler.
    call('app:log-renderer-error', {
      view: this.props.view,
      message: clip(failure.message, 2000) ?? '',
      stack: clip(failure.stack, 8000),
      componentStack: clip(info.componentStack ?? undefined, 8000),
    }).catch(() => undefined);
  }

  private reload = () => this.setState((state) => ({ error: undefined, generation: state.generation + 1 }));

  override render() {
    const { error, generation } = this.state;
    if (error) return <ViewError message={error.message} onReload={this.reload} />;
    return <Fragment key={generation}>{this.props.children}</Fragment>;
  }
}

function ViewError({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="panel view-error" role="alert" data-testid="view-error">
      <h2>{t('viewError.title')}</h2>
      <p>{t('viewError.body')}</p>
      <p className="view-error-details">
        <code>{t('viewError.details', { message })}</code>
      </p>
      <button type="button" className="primary" onClick={onReload}>
        {t('viewError.reload')}
      </button>
    </section>
  );
}
