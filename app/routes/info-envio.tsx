export default function Page() {
  return <h1>info-envio</h1>;
}
