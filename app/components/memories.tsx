import type { Memory } from "#app/.server/proposals/memories.ts";
import { displayUrl } from "#app/lib/media.ts";
import { useT } from "#app/i18n/react.tsx";
import { GalleryPicture } from "./gallery.tsx";

/**
 * Approved memories (prisiminimai): the text as written (as text, its line
 * breaks kept), who wrote it and when, and its photos, each a link to the
 * large picture.
 */
export function Memories({ memories, about }: { memories: Memory[]; about: string }) {
  const t = useT();
  return (
    <ul className="space-y-6">
      {memories.map((memory) => (
        <li key={memory.id}>
          <figure>
            <blockquote className="break-words whitespace-pre-line">{memory.text}</blockquote>
            <figcaption className="mt-2 text-sm text-ink-soft">
              – {memory.author}, {t.date(memory.createdAt)}
            </figcaption>
          </figure>
          {memory.images.length ? (
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {memory.images.map((image, i) => (
                <li key={image.id} className="overflow-hidden rounded">
                  <a href={displayUrl(image)} className="block aspect-[4/3]">
                    <GalleryPicture
                      image={image}
                      alt={t("tree.memories.photoAlt", { about, author: memory.author, number: i + 1 })}
                      sizes="(min-width: 640px) 240px, 50vw"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
