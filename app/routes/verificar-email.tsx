export default function Page() {
  return <h1>verificar-email</h1>;
}
