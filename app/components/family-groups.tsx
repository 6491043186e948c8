import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

// The family-group view: a couple with their parents above and their
// children below, as cards that read on a phone and work without JavaScript.
// Each name leads to that person's own family groups; the page link beside
// it to their page.

interface FamilyGroup {
  partners: [PersonSummary | null, PersonSummary | null];
  parents: [PersonSummary[], PersonSummary[]];
  children: PersonSummary[];
}

interface Groups {
  person: PersonSummary;
  born: FamilyGroup | null;
  own: FamilyGroup[];
}

function Person({ person, strong = false }: { person: PersonSummary; strong?: boolean }) {
  return (
    <>
      <Link to={`/medis?asmuo=${person.id}&kryptis=seima`} className={strong ? "font-semibold" : undefined}>
        {person.name}
      </Link>
      {person.years ? <span className="text-sm text-ink-soft"> ({person.years})</span> : null}
    </>
  );
}

function Group({ group, title, root }: { group: FamilyGroup; title: string; root: number }) {
  const t = useT();
  return (
    <section className="card p-4 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {group.partners.map((partner, i) => (
          <div key={i} className="rounded-md border border-line bg-paper p-3">
            {partner ? (
              <>
                <p>
                  <Person person={partner} strong={partner.id === root} />
                </p>
                {group.parents[i].length ? (
                  <p className="mt-1 text-sm text-ink-soft">
                    {t("tree.groups.parents")}{" "}
                    {group.parents[i].map((parent, k) => (
                      <span key={parent.id}>
                        {k > 0 ? ` ${t("tree.and")} ` : ""}
                        <Person person={parent} />
                      </span>
                    ))}
                  </p>
                ) : null}
                <p className="mt-1 text-sm">
                  <Link to={`/asmuo/${partner.id}`}>{t("tree.groups.personPage")}</Link>
                </p>
              </>
            ) : (
              <p className="text-ink-soft">{t("tree.groups.noPartner")}</p>
            )}
          </div>
        ))}
      </div>
      <h3 className="mt-4 font-semibold">{t("tree.groups.children")}</h3>
      {group.children.length ? (
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {group.children.map((child) => (
            <li key={child.id}>
              <Person person={child} strong={child.id === root} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-1 text-ink-soft">{t("tree.groups.noChildren")}</p>
      )}
    </section>
  );
}

export function FamilyGroups({ groups }: { groups: Groups }) {
  const t = useT();
  return (
    <div className="space-y-6" data-family-groups>
      {groups.born ? <Group group={groups.born} title={t("tree.groups.born")} root={groups.person.id} /> : null}
      {groups.own.map((group, i) => (
        <Group
          key={i}
          group={group}
          title={groups.own.length > 1 ? t("tree.groups.ownNumbered", { number: i + 1 }) : t("tree.groups.own")}
          root={groups.person.id}
        />
      ))}
      {!groups.born && groups.own.length === 0 ? <p className="text-ink-soft">{t("tree.groups.none")}</p> : null}
    </div>
  );
}
