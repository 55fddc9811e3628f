export default function Page() {
  return <h1>produtos-editar</h1>;
}
