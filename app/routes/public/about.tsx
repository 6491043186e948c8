import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";

const GOALS = [
  "išsaugoti giminės istoriją, prisiminimus ir pasakojimus ateinančioms kartoms;",
  "surinkti ir suskaitmeninti senąsias šeimos nuotraukas bei dokumentus;",
  "sudaryti giminės medį ir susieti po pasaulį pasklidusias šeimos šakas;",
  "suteikti vietą, kur giminaičiai gali dalytis žiniomis ir palikti žinutę.",
];

export default function AboutPage() {
  const { contactEmail } = useSiteSettings();
  return (
    <>
      <PageTitle>Apie</PageTitle>
      <PageHeading title="Apie projektą" lead="Ši svetainė – bendras giminės darbas, kuriamas savanoriškai ir su meile." />
      <section className="card max-w-3xl p-6 sm:p-8">
        <h2 className="text-2xl font-semibold">Projekto tikslai</h2>
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {GOALS.map((goal) => (
            <li key={goal}>{goal}</li>
          ))}
        </ul>
        <h2 className="mt-8 text-2xl font-semibold">Susisiekite</h2>
        <p className="mt-3">
          Turite nuotraukų, dokumentų ar prisiminimų, kuriais norėtumėte pasidalyti? Pastebėjote klaidą? Rašykite adresu{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium">
            {contactEmail}
          </a>
          .
        </p>
      </section>
    </>
  );
}
