import type { Element, ElementContent, Root, RootContent } from "hast";
import { localized, SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import type { Root as MdRoot, RootContent as MdContent } from "mdast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { ImageRef } from "./media.ts";
import { searchKey } from "./lithuanian.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { lt as HISTORY_WORDS } from "#app/i18n/catalogs/history.ts";

// A story's text (issue 19): Markdown as the editor types it (headings, bold,
// italics, quotes, lists, links), with two kinds of address of this site's
// own: ![caption](nuotrauka:12) places gallery photo 12 with a caption, and
// [senelis Jonas](asmuo:7) mentions person 7 of the tree. The stored text is
// exactly what was typed; what a reader gets is made from it here, on the
// server for the public pages and in the browser for the editor's preview,
// by one pipeline (unified: remark, rehype) ending in rehype-sanitize:
// HTML typed into the text is dropped (a <script> never reaches the page),
// a link keeps only http(s), mailto and this site's own addresses, and
// nothing but the elements below leaves it.

export const PHOTO_SCHEME = "nuotrauka:";
export const PERSON_SCHEME = "asmuo:";

/** A photo the reader may see, as the text places it. */
export interface StoryPhoto {
  id: number;
  title: string;
  image: ImageRef;
}

/** A person the text mentions: their page, or (living to a visitor, private) a label instead. */
export interface StoryPerson {
  id: number;
  /** 'Gyvas asmuo' or 'Privatus asmuo' when the reader may not see them; null: linked, with the words the editor wrote. */
  hiddenAs: string | null;
}

/** What the reader may see of the photos and people the text names; whatever is not here is left out (a photo) or not linked (a person). */
export interface StoryReferences {
  photos: ReadonlyMap<number, StoryPhoto>;
  people: ReadonlyMap<number, StoryPerson>;
  /**
   * For a mention of a person the tree does not have (removed, no tree): null
   * shows the words the editor wrote (an editor's view); a label stands for
   * them otherwise, since whether that person is living cannot be known.
   */
  unknownPersonAs: string | null;
  /** The language of the page the text is for: its links lead to pages in it ('/en/asmuo/3'). Lithuanian when not given. */
  locale?: Locale;
}

/** What a reader who may not see everyone reads for a person the tree does not have (see StoryReferences), as a message. */
export const UNKNOWN_PERSON_MESSAGE = "history.story.unknownPerson" satisfies MessageId;
/** The same in Lithuanian (the catalog's): for what does not say UNKNOWN_PERSON_MESSAGE yet. */
export const UNKNOWN_PERSON_LABEL = HISTORY_WORDS[UNKNOWN_PERSON_MESSAGE];

const REFERENCE = /^(nuotrauka|asmuo):(\d{1,9})$/i;
/**
 * A plain link to a person's page ('/asmuo/3', '/en/asmuo/3', or the whole
 * address pasted from the browser) names the person as a mention does, and
 * follows the same rule: a reader who may not see them reads "Gyvas asmuo",
 * never the words the link was typed with (issue 31).
 */
const PERSON_PAGE = /^(?:https?:\/\/[^/?#\s]+)?(?:\/en)?\/asmuo\/(\d{1,9})\/?(?:[?#].*)?$/i;

function reference(url: unknown): { kind: "photo" | "person"; id: number } | null {
  if (typeof url !== "string") return null;
  const match = REFERENCE.exec(url.trim());
  if (match) return { kind: match[1].toLowerCase() === "nuotrauka" ? "photo" : "person", id: Number(match[2]) };
  const page = PERSON_PAGE.exec(url.trim());
  return page ? { kind: "person", id: Number(page[1]) } : null;
}

const parser = unified().use(remarkParse);

function walk(node: MdRoot | MdContent, visit: (node: MdContent) => void): void {
  if (node.type !== "root") visit(node);
  if ("children" in node) for (const child of node.children as MdContent[]) walk(child, visit);
}

/**
 * The photos and people a text names, each once, in the order they appear:
 * in links and images, and in the definitions that reference-style ones
 * ("[Jonas][j]" with "[j]: asmuo:7") take their address from.
 */
export function storyReferences(markdown: string): { photoIds: number[]; personIds: number[] } {
  const photoIds = new Set<number>();
  const personIds = new Set<number>();
  walk(parser.parse(markdown), (node) => {
    if (node.type !== "image" && node.type !== "link" && node.type !== "definition") return;
    const ref = reference(node.url);
    if (ref) (ref.kind === "photo" ? photoIds : personIds).add(ref.id);
  });
  return { photoIds: [...photoIds], personIds: [...personIds] };
}

/**
 * The words of a text without its markup, for search: only what every reader
 * of the story reads. A person's mention is left out (the person may be
 * living, whom a visitor reads as "Gyvas asmuo", and a search by their name
 * must not find the story), and so are photos' captions (a family-only photo
 * is left out of a visitor's page, its caption with it).
 */
export function storyPlainText(markdown: string): string {
  const tree = parser.parse(markdown);
  const definitions = new Map<string, string>();
  walk(tree, (node) => {
    if (node.type === "definition") definitions.set(node.identifier, node.url);
  });
  const words: string[] = [];
  const collect = (node: MdRoot | MdContent): void => {
    if (node.type === "link" && reference(node.url)?.kind === "person") return;
    if (node.type === "linkReference" && reference(definitions.get(node.identifier))?.kind === "person") return;
    if (node.type === "text" || node.type === "inlineCode") words.push(node.value);
    else if (node.type === "paragraph" || node.type === "heading") words.push("\n");
    if ("children" in node) for (const child of node.children as MdContent[]) collect(child);
  };
  collect(tree);
  return words
    .join("")
    .replace(/[ \t]*\n[\s]*/g, "\n")
    .trim();
}

/** A story's words as its search finds them: the Lithuanian fields and their English, folded (searchKey), so a search in either language finds it. */
export function storySearchText(
  fields: { title: string; lead: string; era: string; places: string; body: string },
  english: { title?: string; lead?: string; body?: string } = {},
): string {
  const words = [fields.title, fields.lead, fields.era, fields.places, storyPlainText(fields.body)];
  if (english.title || english.lead || english.body)
    words.push(english.title ?? "", english.lead ?? "", storyPlainText(english.body ?? ""));
  return searchKey(words.join("\n"));
}

const text = (value: string): ElementContent => ({ type: "text", value });
const element = (tagName: string, properties: Element["properties"], children: ElementContent[]): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

function figure(photo: StoryPhoto, caption: string, refs: StoryReferences): Element {
  const words = caption.trim() || photo.title;
  return element("figure", {}, [
    element("a", { href: localized(refs.locale ?? SOURCE_LOCALE, `/galerija/${photo.id}`) }, [
      element(
        "img",
        {
          src: `/media/${photo.image.id}/display.jpg`,
          width: photo.image.width,
          height: photo.image.height,
          alt: words,
          loading: "lazy",
          decoding: "async",
        },
        [],
      ),
    ]),
    element("figcaption", {}, [text(words)]),
  ]);
}

/** The level each heading of the text is given (h2…h6). */
type Levels = Map<Element, number>;

/** What a node becomes for this reader: its references resolved, its headings under the story's title. */
function resolve(node: ElementContent, refs: StoryReferences, levels: Levels): ElementContent[] {
  if (node.type !== "element") return [node];
  const children = () => node.children.flatMap((child) => resolve(child, refs, levels));
  if (node.tagName === "img") {
    const ref = reference(node.properties.src);
    const photo = ref?.kind === "photo" ? refs.photos.get(ref.id) : undefined;
    // Only the gallery's photos: a picture from elsewhere would be a request to a stranger's server.
    return photo ? [figure(photo, String(node.properties.alt ?? ""), refs)] : [];
  }
  if (node.tagName === "a") {
    const ref = reference(node.properties.href);
    if (ref?.kind === "person") {
      const person = refs.people.get(ref.id);
      if (!person) return refs.unknownPersonAs ? [text(refs.unknownPersonAs)] : children();
      if (person.hiddenAs) return [text(person.hiddenAs)];
      return [element("a", { href: localized(refs.locale ?? SOURCE_LOCALE, `/asmuo/${person.id}`) }, children())];
    }
    if (ref?.kind === "photo") {
      const photo = refs.photos.get(ref.id);
      return photo ? [element("a", { href: localized(refs.locale ?? SOURCE_LOCALE, `/galerija/${photo.id}`) }, children())] : children();
    }
    return [{ ...node, children: children() }];
  }
  const heading = /^h([1-6])$/.exec(node.tagName);
  if (heading) return [{ ...node, tagName: `h${levels.get(node) ?? 6}`, children: children() }];
  const resolved = children();
  // A figure may not stand inside a paragraph: a paragraph's photos follow its words.
  if (node.tagName === "p" && resolved.some(isFigure)) {
    const words = resolved.filter((c) => !isFigure(c));
    const hasWords = words.some((c) => c.type !== "text" || c.value.trim());
    return [...(hasWords ? [{ ...node, children: words }] : []), ...resolved.filter(isFigure)];
  }
  return [{ ...node, children: resolved }];
}

const isFigure = (node: ElementContent): boolean => node.type === "element" && node.tagName === "figure";

const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), "figure", "figcaption"],
  attributes: {
    ...defaultSchema.attributes,
    img: ["src", "alt", "width", "height", "loading", "decoding"],
  },
};

/**
 * The levels of a text's headings, in the order they come (in lists and
 * quotes too): the first is `top` (h2 under a story's h1 title, h3 where the
 * title is an h2: the whole history, the editor's preview), and each one is
 * at most one under the heading it follows and as high as the nearest
 * earlier one of its depth or less, so that headings never skip a level
 * whatever marks were typed ("##" first, "#" after, "####" under "##").
 */
function headingLevels(tree: Root, top: number): Levels {
  const levels: Levels = new Map();
  const open: { depth: number; level: number }[] = [];
  const visit = (node: Root | RootContent): void => {
    if (node.type === "element" && /^h[1-6]$/.test(node.tagName)) {
      const depth = Number(node.tagName[1]);
      while (open.length && open[open.length - 1].depth >= depth) open.pop();
      const level = Math.min(6, open.length ? open[open.length - 1].level + 1 : top);
      levels.set(node, level);
      open.push({ depth, level });
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return levels;
}

/** The text as HTML for this reader: safe to put on the page as it is. */
export function storyHtml(markdown: string, refs: StoryReferences, top: 2 | 3 = 2): string {
  const processor = unified()
    .use(remarkParse)
    // Without allowDangerousHtml, HTML typed into the text is dropped here.
    .use(remarkRehype)
    .use(() => (tree: Root) => {
      const levels = headingLevels(tree, top);
      tree.children = tree.children.flatMap((child: RootContent) =>
        child.type === "doctype" ? [] : resolve(child as ElementContent, refs, levels),
      ) as RootContent[];
    })
    .use(rehypeSanitize, SCHEMA)
    .use(rehypeStringify);
  return String(processor.processSync(markdown));
}
