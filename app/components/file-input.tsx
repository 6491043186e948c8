import { useState, type InputHTMLAttributes, type Ref } from "react";
import { useT } from "#app/i18n/react.tsx";
import { useHydrated } from "./use-hydrated.ts";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> & {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** The chosen file's name, when the parent keeps the file itself. */
  chosenName?: string | null;
};

/**
 * A file input whose button and "nothing chosen" text are Lithuanian whatever
 * the browser's language. Without JavaScript the browser's own input shows,
 * since only it can say which file was chosen.
 */
export function FileInput({ id, label, ref, chosenName, onChange, ...rest }: Props) {
  const hydrated = useHydrated();
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const shown = chosenName !== undefined ? chosenName : name;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        {...rest}
        ref={ref}
        id={id}
        type="file"
        aria-label={label}
        onChange={(event) => {
          setName(event.target.files?.[0]?.name ?? null);
          onChange?.(event);
        }}
        className={hydrated ? "peer sr-only" : "block w-full text-sm"}
      />
      {hydrated ? (
        <>
          <label htmlFor={id} className="btn-secondary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-accent">
            {t("common.file.choose")}
          </label>
          <span className="text-sm break-all text-ink-soft">{shown ?? t("common.file.none")}</span>
        </>
      ) : null}
    </div>
  );
}
