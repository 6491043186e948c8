import { Link } from "react-router";
import { PageTitle } from "../../components/page.tsx";

const TEASERS = [
  {
    to: "/istorija",
    title: "Giminės istorija",
    text: "Iš kur kilome, kaip gyveno mūsų proseneliai ir kaip giminė pasklido po pasaulį.",
    icon: "M4 4h12v14H4z M7 8h6 M7 11h6 M7 14h4",
  },
  {
    to: "/medis",
    title: "Giminės medis",
    text: "Giminės šakos Alytuje, Vilniuje, Kaune ir užsienyje.",
    icon: "M10 3v14 M10 8 5 5 M10 8l5-3 M10 12l-5-3 M10 12l5-3",
  },
  {
    to: "/galerija",
    title: "Nuotraukų galerija",
    text: "Senosios šeimos nuotraukos: sodyba, vestuvės, susitikimai.",
    icon: "M3 5h14v10H3z M6 12l3-3 2 2 2-2 2 3",
  },
  {
    to: "/sveciai",
    title: "Svečių knyga",
    text: "Palikite žinutę giminaičiams ir svetainės lankytojams.",
    icon: "M4 4h12v9H8l-4 3z",
  },
];

export default function Home() {
  return (
    <>
      <PageTitle>Pradžia</PageTitle>
      <section className="mb-10 rounded-xl border border-line bg-accent-soft/60 px-6 py-10 sm:px-10">
        <h1 className="text-3xl font-bold sm:text-5xl">Sveiki atvykę!</h1>
        <p className="mt-4 max-w-2xl text-lg text-ink-soft">
          Šioje svetainėje renkame mūsų giminės istoriją, senąsias nuotraukas ir dokumentus, kad jie išliktų ateinančioms kartoms.
          Apsidairykite ir papildykite, ką žinote.
        </p>
      </section>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TEASERS.map((teaser) => (
          <li key={teaser.to}>
            <Link
              to={teaser.to}
              className="card group flex h-full flex-col p-6 no-underline transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mb-4 h-10 w-10 text-accent"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={teaser.icon} />
              </svg>
              <h2 className="text-xl font-semibold text-ink group-hover:text-accent">{teaser.title}</h2>
              <p className="mt-2 flex-1 text-ink-soft">{teaser.text}</p>
              <span className="mt-4 text-sm font-medium text-accent">Plačiau →</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
