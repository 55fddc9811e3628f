export default function Page() {
  return <h1>stock-baixo</h1>;
}
