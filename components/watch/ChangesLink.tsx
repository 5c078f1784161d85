/**
 * The link to the Changes page, with how many changes are not seen yet when there are any
 * (`Changes 3`, read as "Changes, 3 not seen yet").
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
  return (
    <button type="button" class={className} onClick={onOpen}>
      Changes
      {unseen !== null && unseen > 0 && (
        <span class="unseen-count">
          <span class="visually-hidden">, </span>
          {unseen}
          <span class="visually-hidden"> not seen yet</span>
        </span>
      )}
    </button>
  );
}
