export default function Page() {
  return <h1>pagamento</h1>;
}
