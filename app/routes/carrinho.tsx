export default function Page() {
  return <h1>carrinho</h1>;
}
