export default function Page() {
  return <h1>pagamento-concluido</h1>;
}
