export default function Page() {
  return <h1>produto-relatorio</h1>;
}
