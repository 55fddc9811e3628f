export default function Page() {
  return <h1>usuarios-editar</h1>;
}
