import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocale, useT } from "#app/i18n/react.tsx";
import { InLanguage } from "./in-language.tsx";
import { Link, useLocalized } from "#app/i18n/router.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { GalleryPicture, ImagePlaceholder, type GalleryCardItem } from "./gallery.tsx";
import { MembersOnlyBadge } from "./members-only.tsx";

// The public gallery's grid and its lightbox: only /galerija uses them, so
// they are not in the script every page loads (vite.config.ts).

const CARD_SIZES = "(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw";

/**
 * The public gallery: cards whose image and title link to the photo's own
 * page (issue 18), which works without JavaScript too; with JavaScript a
 * click on the image opens the lightbox for quick browsing instead.
 */
export function GalleryGrid({ items, footer }: { items: GalleryCardItem[]; footer?: (item: GalleryCardItem) => ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const localized = useLocalized();
  const withImages = items.filter((item) => item.image);
  const [open, setOpen] = useState<number | null>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());

  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id}>
            <figure className="card h-full overflow-hidden">
              <div className="aspect-[4/3] w-full overflow-hidden bg-accent-soft">
                {item.image ? (
                  <a
                    href={localized(`/galerija/${item.id}`)}
                    ref={(el) => {
                      if (el) links.current.set(item.id, el);
                      else links.current.delete(item.id);
                    }}
                    className="block h-full w-full"
                    aria-label={t("gallery.grid.open", { title: item.title })}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                      event.preventDefault();
                      setOpen(withImages.indexOf(item));
                    }}
                  >
                    <GalleryPicture image={item.image} alt={item.title} eager={index < 3} sizes={CARD_SIZES} />
                  </a>
                ) : (
                  <ImagePlaceholder />
                )}
              </div>
              <figcaption className="p-4">
                <h2 className="text-lg font-semibold break-words">
                  <Link to={`/galerija/${item.id}`} className="tap text-ink no-underline hover:underline">
                    <InLanguage lang={item.lang ?? locale}>{item.title}</InLanguage>
                  </Link>
                  {item.membersOnly ? <MembersOnlyBadge /> : null}
                </h2>
                <InLanguage lang={item.lang ?? locale} note as="div" className="mt-1 text-ink-soft break-words whitespace-pre-line">
                  {item.description}
                </InLanguage>
                {footer?.(item)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Lightbox
          items={withImages}
          index={open}
          onIndex={setOpen}
          onClose={() => {
            const item = withImages[open];
            setOpen(null);
            // Focus goes back to the card the visitor came from.
            requestAnimationFrame(() => links.current.get(item.id)?.focus());
          }}
        />
      ) : null}
    </>
  );
}

const SWIPE_DISTANCE = 50;

function Lightbox({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: GalleryCardItem[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);
  const item = items[index];
  const image = item.image!;
  const go = (step: number) => onIndex((index + step + items.length) % items.length);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lightbox-title"
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/90 p-0 backdrop:bg-black/60"
      // Esc closes a <dialog> by itself; keep our state in step with it.
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        else if (event.key === "ArrowLeft") go(-1);
      }}
      onClick={(event) => {
        // A click on the dark surround (not on the picture or a button) closes it.
        if (swiped.current) {
          swiped.current = false;
          return;
        }
        const target = event.target as HTMLElement;
        if (target === event.currentTarget || target.dataset.surround !== undefined) dialog.current?.close();
      }}
    >
      <div className="mx-auto flex h-full w-full max-w-5xl flex-col items-center gap-3 p-3 text-white sm:p-6">
        <div className="flex w-full items-center justify-between gap-2">
          <span className="text-sm opacity-80">{t("gallery.lightbox.position", { at: index + 1, of: items.length })}</span>
          <button type="button" className="btn bg-white/10 text-white hover:bg-white/20" onClick={() => dialog.current?.close()} autoFocus>
            {t("gallery.lightbox.close")}
          </button>
        </div>
        <div
          data-surround
          className="flex min-h-0 w-full flex-1 touch-pan-y items-center justify-center"
          onPointerDown={(event) => {
            swipeStart.current = event.clientX;
          }}
          onPointerUp={(event) => {
            if (swipeStart.current === null) return;
            const distance = event.clientX - swipeStart.current;
            swipeStart.current = null;
            if (Math.abs(distance) >= SWIPE_DISTANCE) {
              swiped.current = true;
              go(distance < 0 ? 1 : -1);
            }
          }}
        >
          <img
            key={image.id}
            src={displayUrl(image)}
            width={image.width}
            height={image.height}
            alt={item.title}
            draggable={false}
            className="max-h-[70dvh] w-auto max-w-full rounded object-contain select-none"
          />
        </div>
        <div className="w-full max-w-3xl text-center">
          <h2 id="lightbox-title" className="font-serif text-xl font-semibold text-white">
            <InLanguage lang={item.lang ?? locale}>{item.title}</InLanguage>
          </h2>
          <p className="mt-1 whitespace-pre-line text-white/85">
            <InLanguage lang={item.lang ?? locale}>{item.description}</InLanguage>
          </p>
          <p className="mt-2">
            <Link to={`/galerija/${item.id}`} className="tap text-white underline">
              {t("gallery.lightbox.page")}
            </Link>
          </p>
        </div>
        {items.length > 1 ? (
          <div className="flex gap-3">
            <button type="button" className="btn bg-white/10 text-white hover:bg-white/20" onClick={() => go(-1)}>
              {t("gallery.lightbox.previous")}
            </button>
            <button type="button" className="btn bg-white/10 text-white hover:bg-white/20" onClick={() => go(1)}>
              {t("gallery.lightbox.next")}
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
