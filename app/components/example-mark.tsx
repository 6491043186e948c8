import { useT } from "#app/i18n/react.tsx";
/**
 * The mark on one of the example family's invented guestbook messages, so that
 * nobody takes it for a real relative's words (it goes when the administrator
 * removes the example content).
 */
export function ExampleMark({ example }: { example: boolean }) {
  const t = useT();
  if (!example) return null;
  return (
    <span className="rounded bg-amber-100 px-2 py-0.5 font-sans text-xs font-medium text-amber-900">
      {/* Read apart from the name beside it. */}
      <span className="sr-only">, </span>
      {t("common.example")}
    </span>
  );
}
