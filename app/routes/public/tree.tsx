import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";

const BRANCHES = [
  { name: "Alytaus šaka", text: "Giminės lopšys: sodyba Miroslavo apylinkėse ir čia likę Jono ir Onos palikuonys." },
  { name: "Vilniaus šaka", text: "Į sostinę mokytis ir dirbti persikėlusios šeimos." },
  { name: "Kauno šaka", text: "Tarpukariu Kaune įsikūrę giminaičiai ir jų vaikai." },
  { name: "Užsienio šakos", text: "Po karo į Ameriką, Kanadą ir kitas šalis pasitraukę giminės nariai." },
];

export default function TreePage() {
  const { contactEmail } = useSiteSettings();
  return (
    <>
      <PageTitle>Giminės medis</PageTitle>
      <PageHeading title="Giminės medis" />
      <section className="card max-w-3xl p-6 sm:p-8">
        <h2 className="text-2xl font-semibold">Giminės medžio vizualizacija dar kuriama</h2>
        <p className="mt-3 text-ink-soft">
          Šiuo metu renkame ir tikriname duomenis apie giminės narius. Netrukus čia galėsite naršyti interaktyvų giminės medį.
        </p>
        <h3 className="mt-6 text-xl font-semibold">Pagrindinės giminės šakos</h3>
        <ul className="mt-3 space-y-3">
          {BRANCHES.map((branch) => (
            <li key={branch.name} className="border-l-4 border-accent pl-4">
              <strong>{branch.name}</strong>
              <span className="block text-ink-soft">{branch.text}</span>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          Turite informacijos apie giminės narius? Rašykite adresu{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium">
            {contactEmail}
          </a>
          .
        </p>
      </section>
    </>
  );
}
