export default function Page() {
  return <h1>produto</h1>;
}
