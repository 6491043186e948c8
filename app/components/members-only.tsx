import { useT } from "#app/i18n/react.tsx";

// "Tik giminei": what only logged-in members (and editors and the
// administrator) see; visitors never do. The editors' checkbox and the mark
// shown beside such an item.

export function MembersOnlyBox({
  name = "membersOnly",
  label,
  defaultChecked,
  checked,
  onChange,
}: {
  name?: string;
  label?: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const t = useT();
  const state =
    checked !== undefined
      ? { checked, onChange: (e: { target: { checked: boolean } }) => onChange?.(e.target.checked) }
      : { defaultChecked };
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name={name} value="1" {...state} />
      <span>{label ?? t("common.membersOnly.box")}</span>
    </label>
  );
}

export function MembersOnlyBadge() {
  const t = useT();
  return <span className="ml-2 rounded bg-moss/10 px-2 py-0.5 text-xs font-medium text-moss">{t("common.membersOnly.badge")}</span>;
}
