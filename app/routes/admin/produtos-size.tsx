export default function Page() {
  return <h1>produtos-size</h1>;
}
