import { Link } from "#app/i18n/router.tsx";

// Apart from stories.tsx: a person's and a photo's pages need only this.

/** The stories that mention a person or show a photo, as links. */
export function StoryLinks({ stories, heading }: { stories: { slug: string; title: string }[]; heading: string }) {
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="pasakojimai" className="card mt-6 p-5">
      <h2 id="pasakojimai" className="mb-2 text-xl font-semibold">
        {heading}
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {stories.map((story) => (
          <li key={story.slug}>
            <Link to={`/istorija/${story.slug}`}>{story.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
