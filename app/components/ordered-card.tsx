import type { ReactNode } from "react";
import type { ImageRef } from "#app/lib/media.ts";
import { GalleryPicture, ImagePlaceholder } from "./gallery.tsx";
import { MoveForm } from "./move-form.tsx";
import { RemoveIconForm } from "./remove-form.tsx";

/**
 * One item of an editor's ordered list (the albums, the stories): its cover,
 * what `children` say of it, and up, down and remove.
 */
export function OrderedCard({
  id,
  title,
  cover,
  first,
  last,
  removeQuestion,
  removeLabel,
  children,
}: {
  id: number;
  title: string;
  cover: ImageRef | null;
  first: boolean;
  last: boolean;
  removeQuestion: string;
  removeLabel: string;
  children: ReactNode;
}) {
  return (
    <li className="card flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
      <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded bg-accent-soft">
        {cover ? <GalleryPicture image={cover} alt="" sizes="96px" /> : <ImagePlaceholder label="" />}
      </div>
      <div className="min-w-0 flex-1 basis-40">{children}</div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        <MoveForm id={id} title={title} first={first} last={last} />
        <RemoveIconForm id={id} question={removeQuestion} label={removeLabel} />
      </div>
    </li>
  );
}
