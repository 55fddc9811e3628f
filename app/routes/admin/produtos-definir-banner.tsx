export default function Page() {
  return <h1>produtos-definir-banner</h1>;
}
