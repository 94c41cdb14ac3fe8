// What the editor's field sections change. By default the open draft of the editor store (autosaved);
// a live listing's edit form binds the very same sections to a draft-shaped value of its own, so a
// live ad is edited with the same controls as a draft (issue 15) without touching the open draft.
import { createContext, useContext } from 'react';
import type { Draft } from '../../../../shared/domain/drafts';
import type { AttributeRow } from '../../../store/attribute-rows';
import { useEditorStore } from '../../../store/editor-store';

/** The edits a section makes, and the attribute rows it shows. */
export interface DraftBinding {
  edit(change: (draft: Draft) => Draft): void;
  rows: AttributeRow[];
  setRows(rows: AttributeRow[]): void;
}

const BindingContext = createContext<DraftBinding | null>(null);

/** Binds the sections inside it to another value than the editor store's open draft. */
export const DraftBindingProvider = BindingContext.Provider;

/** The binding of the sections: the provider's, else the editor store's. */
export function useDraftBinding(): DraftBinding {
  const bound = useContext(BindingContext);
  const edit = useEditorStore((s) => s.edit);
  const rows = useEditorStore((s) => s.rows);
  const setRows = useEditorStore((s) => s.setRows);
  return bound ?? { edit, rows, setRows };
}
