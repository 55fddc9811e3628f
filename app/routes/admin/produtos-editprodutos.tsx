export default function Page() {
  return <h1>produtos-editprodutos</h1>;
}
