import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from '../../ipc/client';
import { useImportStore, type ImportStep } from '../../store/import-store';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ResultStep } from './ResultStep';
import { RunningStep } from './RunningStep';
import { SourceStep } from './SourceStep';
import './import.css';

type Shown = 'source' | 'mapping' | 'preview' | 'result';
const shownOf = (step: ImportStep): Shown => (step === 'running' ? 'result' : step);

/**
 * The Import wizard (issue 17): source, columns (tables only), check, import. Each step takes
 * focus at its heading (the first step at its path field), so a keyboard or screen-reader user
 * always starts a step at its top.
 */
export function ImportWizard() {
  const { t } = useTranslation();
  const id = useId();
  const step = useImportStore((s) => s.step);
  const busy = useImportStore((s) => s.busy);
  const table = useImportStore((s) => s.inspected?.kind !== 'kleinanzeigen-bot');
  const box = useRef<HTMLDivElement>(null);
  const headingId = `${id}-step`;

  useEffect(
    () => subscribe('import:progress', (progress) => useImportStore.getState().progressed(progress)),
    [],
  );

  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const target =
      step === 'source'
        ? root.querySelector<HTMLElement>('[data-autofocus]')
        : root.querySelector<HTMLElement>(`[id="${headingId}"]`);
    target?.focus();
  }, [step, headingId]);

  const steps: Shown[] = table ? ['source', 'mapping', 'preview', 'result'] : ['source', 'preview', 'result'];
  const current = steps.indexOf(shownOf(step));

  return (
    <div className="import-view" ref={box}>
      <header className="view-head">
        <div>
          <h1>{t('import.title')}</h1>
          <p className="muted small">{t('import.stepOf', { n: current + 1, total: steps.length })}</p>
        </div>
        <div className="actions">
          <button
            type="button"
            disabled={step === 'running' || busy}
            onClick={() => useImportStore.getState().close()}
          >
            {t('import.close')}
          </button>
        </div>
      </header>
      <ol className="import-steps" aria-label={t('import.stepsLabel')}>
        {steps.map((name, i) => (
          <li
            key={name}
            aria-current={i === current ? 'step' : undefined}
            className={i < current ? 'import-step-done' : undefined}
          >
            <span className="import-step-number" aria-hidden="true">
              {i + 1}
            </span>
            {t(`import.steps.${name}`)}
          </li>
        ))}
      </ol>
      <section className="panel import-panel">
        {step === 'source' && <SourceStep headingId={headingId} />}
        {step === 'mapping' && <MappingStep headingId={headingId} />}
        {step === 'preview' && <PreviewStep headingId={headingId} />}
        {step === 'running' && <RunningStep headingId={headingId} />}
        {step === 'result' && <ResultStep headingId={headingId} />}
      </section>
    </div>
  );
}
