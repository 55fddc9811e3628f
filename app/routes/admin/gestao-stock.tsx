export default function Page() {
  return <h1>gestao-stock</h1>;
}
