export default function Page() {
  return <h1>produtos-detalhes</h1>;
}
