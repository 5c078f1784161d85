/**
 * The link to the Changes page, with how many changes are not seen yet when there are any: it shows
 * `Changes 3` and is named "Changes, 3 not seen yet".
 */
export function ChangesLink({
  unseen,
  onOpen,
  class: className = 'link',
}: {
  unseen: number | null;
  onOpen: () => void;
  class?: string;
}) {
  const counted = unseen !== null && unseen > 0;
  return (
    <button
      type="button"
      class={className}
      onClick={onOpen}
      aria-label={counted ? `Changes, ${unseen} not seen yet` : undefined}
    >
      Changes
      {counted && (
        <span class="unseen-count" aria-hidden="true">
          {unseen}
        </span>
      )}
    </button>
  );
}
