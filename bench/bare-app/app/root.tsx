import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";

// The reference for the JavaScript a page may load (bench/lighthouse.ts): a
// React Router 8 app with nothing of its own, as its template starts.
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="lt">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
