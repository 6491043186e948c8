import type { HistoryContent, HistoryField } from "#app/lib/history.ts";
import { useLocale } from "#app/i18n/react.tsx";
import { InLanguage } from "./in-language.tsx";
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
export function HistoryArticle({
  content,
  headingLevel = 1,
  lithuanian = [],
}: {
  content: HistoryContent;
  headingLevel?: 1 | 2;
  /** The fields an English page shows in Lithuanian (none written in English): marked, the texts noted. */
  lithuanian?: readonly HistoryField[];
}) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Subtitle = headingLevel === 1 ? "h2" : "h3";
  const page = useLocale();
  const lang = (field: HistoryField) => (lithuanian.includes(field) ? "lt" : page);
  const text = (field: HistoryField, className?: string) =>
    content[field] ? (
      <InLanguage lang={lang(field)} note as="div">
        <Paragraphs text={content[field]} className={className} />
      </InLanguage>
    ) : null;
  return (
    <article className="prose-history max-w-3xl">
      <Title className="mb-6 text-3xl font-bold break-words sm:text-4xl">
        <InLanguage lang={lang("title")}>{content.title}</InLanguage>
      </Title>
      {text("intro", "text-lg text-ink-soft")}
      {text("paragraph1")}
      {content.periodTitle ? (
        <Subtitle className="mt-8 mb-4 text-2xl font-semibold break-words">
          <InLanguage lang={lang("periodTitle")}>{content.periodTitle}</InLanguage>
        </Subtitle>
      ) : null}
      {text("periodText")}
      {text("periodText2")}
    </article>
  );
}
