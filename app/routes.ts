import { index, route, type RouteConfig } from "@react-router/dev/routes";

// The spec's route table, with the members' pages. Who may open which address
// is not decided here but in one table in front of every route
// (app/lib/access.ts); tests/e2e/roles.spec.ts checks each route for each role.
export default [
  // Files for robots, one for both languages (the sitemap names each page in both).
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  // Parts of the sitemap when it lists more than 50,000 addresses.
  route("sitemap/:dalis", "routes/public/sitemap.ts", { id: "sitemap-part" }),
  // Every page twice: '/medis' in Lithuanian and '/en/medis' in English (app/i18n/locales.ts).
  route("en?", "routes/language.tsx", [
    index("routes/public/home.tsx"),
    route("istorija", "routes/public/history.tsx"),
    // The history's stories (issue 19), each at a readable address.
    route("istorija/:slug", "routes/public/story.tsx"),
    route("medis", "routes/public/tree.tsx"),
    route("medis/paieska", "routes/public/tree-search.ts"),
    route("medis/gedcom", "routes/public/tree-gedcom.ts"),
    route("medis/gedcom/nariams", "routes/public/tree-gedcom-members.ts"),
    // The tree's indexes (issue 16): surnames, places, anniversaries, figures.
    route("medis/pavardes", "routes/public/surnames.tsx"),
    route("medis/vietos", "routes/public/places.tsx"),
    route("medis/sia-diena", "routes/public/on-this-day.tsx"),
    route("medis/statistika", "routes/public/tree-statistics.tsx"),
    route("asmuo/:id", "routes/public/person.tsx"),
    route("giminyste", "routes/public/relationship.tsx"),
    route("galerija", "routes/public/gallery.tsx"),
    // A page per photo (issue 18).
    route("galerija/:id", "routes/public/photo.tsx"),
    route("dokumentai", "routes/public/documents.tsx"),
    route("apie", "routes/public/about.tsx"),
    route("sveciai", "routes/public/guestbook.tsx"),

    route("login", "routes/auth/login.tsx"),
    route("login/raktas", "routes/auth/passkey-login.ts"),
    route("paskyra", "routes/account/account.tsx"),
    route("paskyra/raktai", "routes/account/passkeys.ts"),
    // A member's memories and photos, proposed for an editor to approve (issue 17).
    route("paskyra/pasiulymai", "routes/account/proposals.tsx"),
    route("paskyra/pasiulymai/asmuo/:id", "routes/account/person-proposal.tsx"),
    route("paskyra/pasiulymai/prisiminimas", "routes/account/memory-proposal.tsx"),
    route("paskyra/pasiulymai/nuotrauka", "routes/account/photo-proposal.tsx"),
    route("kvietimas/:token", "routes/auth/invitation.tsx"),
    route("slaptazodis/:token", "routes/auth/reset.tsx"),
    route("logout", "routes/auth/logout.tsx"),

    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("tekstai", "routes/admin/texts.tsx"),
      route("istorija", "routes/admin/history.tsx"),
      route("istorija/pasakojimai", "routes/admin/stories.tsx"),
      route("istorija/pasakojimai/:id", "routes/admin/story.tsx"),
      route("galerija", "routes/admin/gallery.tsx"),
      route("galerija/ikelti", "routes/admin/gallery-upload.ts"),
      route("galerija/:id/originalas", "routes/admin/gallery-original.ts"),
      route("galerija/:id/zmones", "routes/admin/photo-people.tsx"),
      route("galerija/albumai", "routes/admin/albums.tsx"),
      route("galerija/albumai/:id", "routes/admin/album.tsx"),
      route("dokumentai", "routes/admin/documents.tsx"),
      route("sveciai", "routes/admin/guestbook.tsx"),
      route("atsargine-kopija", "routes/admin/backup.ts"),
      route("pavyzdys", "routes/admin/example.tsx"),
      route("medis", "routes/admin/genealogy.tsx"),
      route("medis/importuoti", "routes/admin/genealogy-import.ts"),
      route("medis/eksportas", "routes/admin/genealogy-export.ts"),
      route("medis/svetaines-pakeitimai", "routes/admin/genealogy-site-changes.tsx"),
      route("medis/svetaines-pakeitimai/sarasas", "routes/admin/genealogy-site-changes-text.ts"),
      route("medis/asmenys", "routes/admin/people.tsx"),
      route("medis/asmenys/:id", "routes/admin/person.tsx"),
      route("nariai", "routes/admin/users.tsx"),
      route("pranesimai", "routes/admin/notifications.tsx"),
      route("perziura", "routes/admin/review.tsx"),
      route("pakeitimai", "routes/admin/changes.tsx"),
    ]),

    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
