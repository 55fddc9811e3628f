export default function Page() {
  return <h1>usuarios-ver</h1>;
}
