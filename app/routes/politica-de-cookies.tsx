export default function Page() {
  return <h1>politica-de-cookies</h1>;
}
