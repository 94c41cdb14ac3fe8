import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftListItem } from '../../../shared/ipc/types';
import { DueWaits } from '../../components/DueWaits';
import { call, subscribe } from '../../ipc/client';
import { useAppStore } from '../../store/app-store';
import { useDraftsStore } from '../../store/drafts-store';
import { needsLook, useScheduleWords } from './schedule-words';

/** The drafts with a schedule, soonest first: waiting ones and those not published when due. */
function useScheduled(): DraftListItem[] {
  const [items, setItems] = useState<DraftListItem[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      call('drafts:list', { account: 'all' })
        .then((list) => {
          if (!live) return;
          const shown = list.items.filter(
            (item) => item.schedule && (!item.schedule.outcome || needsLook(item.schedule)),
          );
          setItems(shown.sort((a, b) => a.schedule!.at.localeCompare(b.schedule!.at)));
        })
        // The panel is a help beside the jobs; the Drafts list says the same on each row.
        .catch(() => undefined);
    void read();
    const off = subscribe('drafts:changed', () => void read());
    return () => {
      live = false;
      off();
    };
  }, []);
  return items;
}

/** The Publishing view's "Scheduled" (issue 25.4): what is to be published when, and what was not. */
export function ScheduledPanel() {
  const { t } = useTranslation();
  const words = useScheduleWords();
  const items = useScheduled();
  if (items.length === 0) return null;
  const open = (id: string) => {
    useAppStore.getState().navigate('drafts');
    useDraftsStore.getState().open(id);
  };
  return (
    <section
      className="panel scheduled-panel"
      aria-labelledby="scheduled-title"
      data-testid="scheduled-panel"
    >
      <h2 id="scheduled-title">{t('schedule.panelTitle')}</h2>
      <p className="muted small">{t('schedule.panelHint')}</p>
      <DueWaits action="publish" />
      <ul>
        {items.map((item) => (
          <li key={item.id} className={needsLook(item.schedule) ? 'needs-look' : undefined}>
            <strong>{item.title || t('draftsList.untitled')}</strong>
            <span>{words.full(item.schedule!)}</span>
            <button type="button" className="link-button" onClick={() => open(item.id)}>
              {t('schedule.open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
