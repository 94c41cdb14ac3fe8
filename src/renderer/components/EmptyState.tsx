import { Icon, type IconName } from './Icon';

/** What a view shows while it has nothing: what will appear here and why. */
export function EmptyState({ icon, title, body }: { icon: IconName; title: string; body: string }) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={48} />
      <h2>{title}</h2>
      <p>{body}</p>
    </div>
  );
}
