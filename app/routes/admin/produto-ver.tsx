export default function Page() {
  return <h1>produto-ver</h1>;
}
