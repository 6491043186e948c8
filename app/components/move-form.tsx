import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import { IconButton } from "./icon-button.tsx";

/**
 * Up and down for one item of an ordered list (the gallery, the albums): a
 * form that posts intent=move with the direction, the way to reorder
 * without JavaScript. With `onMove`, a press moves the item on the page
 * instead (the page saves the whole order itself).
 */
export function MoveForm({
  id,
  title,
  first,
  last,
  onMove,
}: {
  id: number;
  title: string;
  first: boolean;
  last: boolean;
  onMove?: (delta: -1 | 1) => void;
}) {
  const t = useT();
  return (
    <Form method="post" className="flex gap-1">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <IconButton
        type="submit"
        name="direction"
        value="up"
        label={t("common.move.up", { title })}
        className="p-2"
        disabled={first}
        onClick={onMove ? (e) => (e.preventDefault(), onMove(-1)) : undefined}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M10 4 4 10.5l1.4 1.4L9 8.3V16h2V8.3l3.6 3.6 1.4-1.4z" />
        </svg>
      </IconButton>
      <IconButton
        type="submit"
        name="direction"
        value="down"
        label={t("common.move.down", { title })}
        className="p-2"
        disabled={last}
        onClick={onMove ? (e) => (e.preventDefault(), onMove(1)) : undefined}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M10 16l6-6.5-1.4-1.4-3.6 3.6V4H9v7.7L5.4 8.1 4 9.5z" />
        </svg>
      </IconButton>
    </Form>
  );
}
