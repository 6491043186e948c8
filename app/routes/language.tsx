import { Outlet } from "react-router";

// The parent of every page: its optional '/en' names the language
// (app/i18n/locales.ts); the pages themselves are the same in both.
export default function Language() {
  return <Outlet />;
}
