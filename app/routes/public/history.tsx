import type { Route } from "./+types/history";
import { services } from "../../.server/context.ts";
import { getHistory } from "../../.server/history.ts";
import { HistoryArticle } from "../../components/history-article.tsx";
import { PageTitle } from "../../components/page.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { id, createdAt, author, ...content } = await getHistory(services(context).db);
  return { content };
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Istorija</PageTitle>
      <HistoryArticle content={loaderData.content} />
    </>
  );
}
