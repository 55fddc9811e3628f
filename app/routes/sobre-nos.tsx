export default function Page() {
  return <h1>sobre-nos</h1>;
}
