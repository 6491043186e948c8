// The parts of a person page that tell their life: the portrait, the timeline
// with the family's events, and the sources with their citations, numbered
// like footnotes beside the facts they support.
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { SourceView, Scan } from "#app/.server/genealogy/citations.ts";
import type { TimelineEntry } from "#app/.server/genealogy/person-page.ts";
import { CITATION_QUALITY } from "#app/lib/citation-quality.ts";
import { displayUrl, scanUrl } from "#app/lib/media.ts";
import { FaceCrop } from "./photo-region.tsx";
import type { PhotoBox } from "#app/lib/photo-people.ts";

const footnoteId = (n: number) => `saltinis-${n}`;

/** The person's primary photo, at the top of their page: sized so that nothing moves while it loads. */
export function Portrait({
  portrait,
  name,
}: {
  portrait: { mediaId: string; width: number; height: number; face?: PhotoBox | null };
  name: string;
}) {
  if (portrait.face) {
    // A rectangle of a gallery photo chosen as the portrait: their face, cropped square.
    return (
      <span className="block w-28 shrink-0 overflow-hidden rounded-md border border-line sm:w-48" data-testid="portrait">
        <FaceCrop image={{ id: portrait.mediaId, width: portrait.width, height: portrait.height }} box={portrait.face} label={name} />
      </span>
    );
  }
  // The display image fits 1200 x 800; shown at most 12rem wide or 16rem high, proportions kept.
  const scale = Math.min(1, 192 / (portrait.width || 192), 256 / (portrait.height || 256));
  const width = Math.round((portrait.width || 192) * scale);
  const height = Math.round((portrait.height || 256) * scale);
  return (
    <img
      src={displayUrl({ id: portrait.mediaId })}
      width={width}
      height={height}
      alt={name}
      // Beside the name on a phone, larger from the tablet's width up.
      className="h-auto max-w-28 shrink-0 rounded-md border border-line object-cover sm:max-w-none"
      data-testid="portrait"
    />
  );
}

/** The footnote numbers beside a fact: links to its sources below. */
export function Footnotes({ numbers }: { numbers: number[] }) {
  if (numbers.length === 0) return null;
  return (
    <span className="ml-1 inline-flex gap-1 align-baseline text-sm">
      {numbers.map((n) => (
        // Large enough to tap (24 px), as every target on the page.
        <a key={n} href={`#${footnoteId(n)}`} className="inline-flex min-h-6 min-w-6 items-center justify-center">
          [{n}]
        </a>
      ))}
    </span>
  );
}

/** The person's life in date order: their events, and the family's within it. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const t = useT();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="ivykiai" className="card mt-6 p-5">
      <h2 id="ivykiai" className="mb-2 text-xl font-semibold">
        {t("tree.timeline.heading")}
      </h2>
      <ol className="divide-y divide-line" data-testid="timeline">
        {entries.map((e, i) => (
          <li key={i} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]" data-about={e.about}>
            <span className="font-medium">
              {t.say(e.label)}
              <Footnotes numbers={e.sources} />
            </span>
            <div>
              {e.relative ? (
                <p>
                  <Link to={`/asmuo/${e.relative.id}`}>{e.relative.name}</Link>
                  {e.relative.years ? <span className="text-sm text-ink-soft"> ({e.relative.years})</span> : null}
                </p>
              ) : null}
              <p>{[e.value, e.date, e.place].filter(Boolean).join(", ") || (e.relative ? null : "–")}</p>
              {e.restriction ? <p className="mt-1 text-xs text-accent">{t(`tree.timeline.restricted.${e.restriction}`)}</p> : null}
              {e.notes.map((n, j) => (
                <p key={j} className="mt-1 text-sm whitespace-pre-line text-ink-soft">
                  {n}
                </p>
              ))}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ScanLink({ scan }: { scan: Scan }) {
  const t = useT();
  return (
    <a href={scanUrl({ id: scan.mediaId, kind: scan.kind })} className="inline-flex min-h-6 items-center">
      {scan.title ? t("tree.sources.scanTitled", { title: scan.title }) : t("tree.sources.scan")}
    </a>
  );
}

/** The sources, each once with the citations of it: the page, how reliable, what it says. */
export function Sources({ sources }: { sources: SourceView[] }) {
  const t = useT();
  if (sources.length === 0) return null;
  return (
    <section aria-labelledby="saltiniai" className="card mt-6 p-5">
      <h2 id="saltiniai" className="mb-2 text-xl font-semibold">
        {t("tree.sources.heading")}
      </h2>
      <ol className="space-y-4" data-testid="sources">
        {sources.map((s) => (
          <li key={s.number} id={footnoteId(s.number)} className="scroll-mt-20">
            <p>
              <span className="font-medium">[{s.number}] </span>
              {/* Many programs leave the title empty and write the source in its text: then the text names it. */}
              <cite className="font-semibold whitespace-pre-line not-italic">{s.title ?? s.text ?? t("tree.sources.untitled")}</cite>
              {s.author ? <span>, {s.author}</span> : null}
              {s.publication ? <span className="text-ink-soft">. {s.publication}</span> : null}
            </p>
            {s.title && s.text ? <p className="mt-1 text-sm whitespace-pre-line">{s.text}</p> : null}
            {s.notes.map((n, i) => (
              <p key={i} className="mt-1 text-sm whitespace-pre-line text-ink-soft">
                {n}
              </p>
            ))}
            {s.scans.map((scan) => (
              <p key={scan.mediaId} className="mt-1 text-sm">
                <ScanLink scan={scan} />
              </p>
            ))}
            <ul className="mt-2 space-y-2 border-l-2 border-line pl-3 text-sm">
              {s.citations.map((c, i) => (
                <li key={i}>
                  <p>
                    <span className="text-ink-soft">{t("tree.sources.supports")} </span>
                    {c.supports.map((label) => t.say(label)).join(", ")}
                  </p>
                  {c.page ? (
                    <p>
                      <span className="text-ink-soft">{t("tree.sources.page")} </span>
                      {c.page}
                    </p>
                  ) : null}
                  {c.date ? (
                    <p>
                      <span className="text-ink-soft">{t("tree.sources.date")} </span>
                      {c.date}
                    </p>
                  ) : null}
                  {c.quality !== null ? (
                    <p>
                      <span className="text-ink-soft">{t("tree.sources.quality")} </span>
                      {t(CITATION_QUALITY[c.quality])}
                    </p>
                  ) : null}
                  {c.texts.map((text, j) => (
                    <blockquote key={`t${j}`} className="mt-1 whitespace-pre-line italic">
                      {text}
                    </blockquote>
                  ))}
                  {c.notes.map((n, j) => (
                    <p key={`n${j}`} className="mt-1 whitespace-pre-line text-ink-soft">
                      {n}
                    </p>
                  ))}
                  {c.scans.map((scan) => (
                    <p key={scan.mediaId} className="mt-1">
                      <ScanLink scan={scan} />
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
