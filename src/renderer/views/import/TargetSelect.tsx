// The field a table's column goes to, or none: one select for the import's mapping and a feed's.
import { useTranslation } from 'react-i18next';
import { importTargets, type ImportTarget } from '../../../shared/domain/tables';
import { targetLabel } from './import-words';

/** A select of the draft fields a column can fill, with `leaveOut` for none. */
export function TargetSelect({
  label,
  leaveOut,
  value,
  onChange,
}: {
  label: string;
  leaveOut: string;
  value: ImportTarget | null | undefined;
  onChange(target: ImportTarget | null): void;
}) {
  const { t } = useTranslation();
  return (
    <select
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as ImportTarget))}
    >
      <option value="">{leaveOut}</option>
      {importTargets.map((target) => (
        <option key={target} value={target}>
          {targetLabel(t, target)}
        </option>
      ))}
    </select>
  );
}
