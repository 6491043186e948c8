import type { HistoryContent } from "#app/lib/history.ts";
import { paragraphs } from "#app/lib/paragraphs.ts";

function Paragraphs({ text, className }: { text: string; className?: string }) {
  return paragraphs(text).map((p, i) => (
    <p key={i} className={className}>
      {p}
    </p>
  ));
}

/**
 * The family history as visitors read it; the editor's live preview renders
 * the same component. Text is rendered as text (React escapes it), with blank
 * lines starting paragraphs and single line breaks kept.
 */
export function HistoryArticle({ content, headingLevel = 1 }: { content: HistoryContent; headingLevel?: 1 | 2 }) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Subtitle = headingLevel === 1 ? "h2" : "h3";
  return (
    <article className="prose-history max-w-3xl">
      <Title className="mb-6 text-3xl font-bold break-words sm:text-4xl">{content.title}</Title>
      <Paragraphs text={content.intro} className="text-lg text-ink-soft" />
      <Paragraphs text={content.paragraph1} />
      {content.periodTitle ? <Subtitle className="mt-8 mb-4 text-2xl font-semibold break-words">{content.periodTitle}</Subtitle> : null}
      <Paragraphs text={content.periodText} />
      <Paragraphs text={content.periodText2} />
    </article>
  );
}
