// Small line icons drawn inline, so no icon font or remote asset is needed.
const paths = {
  drafts: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 13h7 M9 17h5',
  listings: 'M4 5h16v4H4z M4 11h16v4H4z M4 17h16v3H4z',
  publishing: 'M12 19V5 M6 11l6-6 6 6 M5 21h14',
  // Two arrows chasing each other: the shop's stock and the ads kept in step.
  feeds: 'M4 12a8 8 0 0 1 14-5.3 M18 3v4h-4 M20 12a8 8 0 0 1-14 5.3 M6 21v-4h4',
  // A page with a tick: a second desk's yes before an ad goes out.
  approvals: 'M6 3h12v18H6z M9 12l2.5 2.5L16 9',
  // A list with a clock: who did what, and when.
  activity: 'M4 6h9 M4 11h6 M4 16h5 M16 10a5 5 0 1 1 0 10 5 5 0 0 1 0-10z M16 12.5V15l1.6 1.2',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z M19 12l2-1-1-3-2 .3-1.5-1.5L17 5l-3-1-1 2h-2L10 4 7 5l.5 2.8L6 9.3 4 9l-1 3 2 1v0l-2 1 1 3 2-.3 1.5 1.5L7 21l3 1 1-2h2l1 2 3-1-.5-2.8 1.5-1.5 2 .3 1-3z',
} as const;

export type IconName = keyof typeof paths;

/** An inline SVG icon that inherits the text colour. */
export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
