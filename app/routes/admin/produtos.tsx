export default function Page() {
  return <h1>produtos</h1>;
}
