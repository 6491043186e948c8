export function loader() {
  return { greeting: "Labas" };
}

export default function Home({ loaderData }: { loaderData: { greeting: string } }) {
  return <h1>{loaderData.greeting}</h1>;
}
