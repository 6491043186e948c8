import { Link, useLocalized } from "#app/i18n/router.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { createTranslator, type T } from "#app/i18n/intl.ts";
import { lt as HISTORY_WORDS } from "#app/i18n/catalogs/history.ts";
import { useLocale, useT } from "#app/i18n/react.tsx";
import { InLanguage } from "./in-language.tsx";
import type { ImageRef } from "#app/lib/media.ts";
import { yearSpan } from "#app/lib/stories.ts";
import { GalleryPicture } from "./gallery.tsx";
import { MembersOnlyBadge } from "./members-only.tsx";

// Stories of the history (issue 19): a card in the list, and the whole story
// as it reads (its page, the whole history for printing, the editor's
// preview). The list on a person's or a photo's page is story-links.tsx.

interface StoryMetaFields {
  era: string;
  yearFrom: number | null;
  yearTo: number | null;
  places: string;
}

let lithuanian: T | undefined;

/**
 * "Tarpukaris · 1920–1940 · two places": what is known of when and where,
 * the years' words in t's language (in Lithuanian without it: a caller not
 * yet in two languages).
 */
export function storyMeta(story: StoryMetaFields, t?: T): string {
  const words = t ?? (lithuanian ??= createTranslator("lt", HISTORY_WORDS));
  return [story.era, yearSpan(words, story.yearFrom, story.yearTo), story.places].filter(Boolean).join(" · ");
}

export interface StoryCardData extends StoryMetaFields {
  slug: string;
  title: string;
  lead: string;
  membersOnly: boolean;
  cover: ImageRef | null;
  /** The language its title and lead are in, when not the page's. */
  lang?: Locale;
}

export function StoryCard({ story, eager = false }: { story: StoryCardData; eager?: boolean }) {
  const t = useT();
  const meta = storyMeta(story, t);
  const page = useLocale();
  return (
    <li className="card flex flex-col overflow-hidden sm:flex-row">
      {story.cover ? (
        <div className="aspect-[4/3] shrink-0 bg-accent-soft sm:w-56">
          <GalleryPicture image={story.cover} alt="" eager={eager} sizes="(min-width: 640px) 224px, 100vw" />
        </div>
      ) : null}
      <div className="min-w-0 p-5">
        <h3 className="text-xl font-semibold break-words">
          <Link to={`/istorija/${story.slug}`}>
            <InLanguage lang={story.lang ?? page}>{story.title}</InLanguage>
          </Link>
          {story.membersOnly ? <MembersOnlyBadge /> : null}
        </h3>
        {meta ? <p className="mt-1 text-sm text-ink-soft">{meta}</p> : null}
        {story.lead ? (
          <p className="mt-2 break-words">
            <InLanguage lang={story.lang ?? page} note>
              {story.lead}
            </InLanguage>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export interface StoryArticleData extends StoryMetaFields {
  title: string;
  lead: string;
  /** The text as HTML, already resolved for the reader and sanitized (app/lib/story-text.ts). */
  html: string;
  cover: ImageRef | null;
  coverPhotoId: number | null;
  /** The languages of its title and lead, and of its text, when not the page's. */
  lang?: Locale;
  textLang?: Locale;
}

const COVER_SIZES = "(min-width: 800px) 768px, 100vw";

/**
 * A whole story. `html` comes from storyHtml(), which sanitizes what it
 * makes: it is the only HTML the site puts on a page from what was typed.
 */
export function StoryArticle({ story, headingLevel = 1 }: { story: StoryArticleData; headingLevel?: 1 | 2 }) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const t = useT();
  const meta = storyMeta(story, t);
  const localized = useLocalized();
  const page = useLocale();
  return (
    <article className="story max-w-3xl">
      <Title className="text-3xl font-bold break-words sm:text-4xl">
        <InLanguage lang={story.lang ?? page}>{story.title}</InLanguage>
      </Title>
      {meta ? <p className="mt-2 text-ink-soft">{meta}</p> : null}
      {story.cover ? (
        // The cover as the cards crop it (4:3, small files for a phone), its room held before it arrives.
        <figure className="story-cover mt-6 aspect-[4/3] overflow-hidden rounded-lg border border-line bg-accent-soft">
          {story.coverPhotoId !== null ? (
            <a href={localized(`/galerija/${story.coverPhotoId}`)} className="block h-full">
              <GalleryPicture image={story.cover} alt={story.title} eager sizes={COVER_SIZES} />
            </a>
          ) : (
            <GalleryPicture image={story.cover} alt={story.title} eager sizes={COVER_SIZES} />
          )}
        </figure>
      ) : null}
      {story.lead ? (
        <p className="mt-6 text-lg break-words text-ink-soft">
          <InLanguage lang={story.lang ?? page}>{story.lead}</InLanguage>
        </p>
      ) : null}
      {(story.textLang ?? page) !== page ? (
        <>
          <div lang={story.textLang} className="story-text mt-6" dangerouslySetInnerHTML={{ __html: story.html }} />
          <p lang={story.textLang} className="mt-2 text-sm text-ink-soft">
            {t("common.inLithuanian")}
          </p>
        </>
      ) : (
        <div className="story-text mt-6" dangerouslySetInnerHTML={{ __html: story.html }} />
      )}
    </article>
  );
}
