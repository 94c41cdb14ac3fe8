// PLACEHOLDER (replaced by the editor work): edits one draft; renders <PhotosPanel> for its photos.
export function DraftEditor({ draftId }: { draftId: string }) {
  return <section aria-label="Draft editor" data-draft-id={draftId} />;
}
