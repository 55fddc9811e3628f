export default function Page() {
  return <h1>produtos-color</h1>;
}
