export default function Page() {
  return <h1>register</h1>;
}
