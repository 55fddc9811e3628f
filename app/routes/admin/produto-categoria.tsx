export default function Page() {
  return <h1>produto-categoria</h1>;
}
