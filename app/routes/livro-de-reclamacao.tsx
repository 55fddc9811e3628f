export default function Page() {
  return <h1>livro-de-reclamacao</h1>;
}
