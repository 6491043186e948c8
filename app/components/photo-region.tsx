import { displayUrl, type ImageRef } from "#app/lib/media.ts";
import { faceViewBox, type PhotoBox } from "#app/lib/photo-people.ts";

/**
 * A person's rectangle drawn over a photo (issue 18), placed in percent of
 * the picture, inside an element positioned over it. Rendered only once the
 * page is hydrated: its place is a style, which the content security policy
 * allows when set through the DOM, not in the page's HTML. Decorative: the
 * names are in the list beside the photo.
 */
export function PhotoRegion({
  box,
  label,
  strong = false,
  dashed = false,
}: {
  box: PhotoBox;
  label: string;
  strong?: boolean;
  dashed?: boolean;
}) {
  return (
    <div
      aria-hidden="true"
      data-testid="photo-region"
      data-label={label}
      className={`pointer-events-none absolute rounded-sm border-2 ${dashed ? "border-dashed" : ""} ${
        strong ? "border-white shadow-[0_0_0_2px_rgba(0,0,0,0.7)]" : "border-white/60"
      }`}
      style={{ left: `${box.left * 100}%`, top: `${box.top * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
    />
  );
}

/**
 * The crop of a person's rectangle from a photo (the person page's photos):
 * an SVG whose viewBox is the rectangle grown into a square, over the display
 * image, so the browser crops it and no file is made for it.
 */
export function FaceCrop({ image, box, label }: { image: ImageRef; box: PhotoBox; label?: string }) {
  return (
    <svg
      viewBox={faceViewBox(box, image.width, image.height)}
      preserveAspectRatio="xMidYMid slice"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      data-testid="face-crop"
      className="block aspect-square h-full w-full bg-accent-soft"
    >
      <image href={displayUrl(image)} width={image.width} height={image.height} />
    </svg>
  );
}
