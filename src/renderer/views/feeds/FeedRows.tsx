import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

/** One row of a plan or a run's report: what it does to which ad, and why. */
export interface FeedRowItem {
  key: string;
  /** The badge: what happens (or happened) to the ad, in words, and its kind for the colour. */
  badge: { text: string; kind: string };
  title: string;
  reference: string;
  why: string;
  /** A warning under the why: what a new row's draft would lack to be published. */
  flag?: string;
  failed?: boolean;
  /** Buttons at the row's end (e.g. Retry). */
  actions?: ReactNode;
}

/**
 * A long list of ads (a feed of 2,000 rows) drawn as a virtual list: only the rows in view are in
 * the page. Keyboard users reach it as one scrollable region (tab stop) and its buttons in order.
 */
export function FeedRows({ items, label, testId }: { items: FeedRowItem[]; label: string; testId: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 52,
    getItemKey: (index) => items[index]!.key,
    overscan: 8,
  });
  return (
    <div
      className="feed-rows"
      ref={scroller}
      role="region"
      aria-label={label}
      // A scrolling region is a tab stop of its own, so the keyboard can scroll it.
      tabIndex={0}
      data-testid={testId}
      data-actions={items.some((item) => item.actions !== undefined) ? 'true' : undefined}
    >
      <ul style={{ height: virtualizer.getTotalSize(), position: 'relative', margin: 0, padding: 0 }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="feed-row"
              data-failed={item.failed ? 'true' : undefined}
              data-flagged={item.flag !== undefined ? 'true' : undefined}
              data-testid={`${testId}-row`}
              style={{ transform: `translateY(${row.start}px)`, listStyle: 'none' }}
            >
              <span>
                <span className="feed-action" data-action={item.badge.kind}>
                  {item.badge.text}
                </span>
              </span>
              <span className="feed-row-title" title={item.title}>
                {item.title}
                <span className="feed-row-ref">{item.reference}</span>
              </span>
              <span className="feed-row-why">
                {item.why}
                {item.flag !== undefined && (
                  <span className="feed-row-flag" data-testid={`${testId}-flag`}>
                    {item.flag}
                  </span>
                )}
              </span>
              {item.actions !== undefined && <span className="feed-row-actions">{item.actions}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
