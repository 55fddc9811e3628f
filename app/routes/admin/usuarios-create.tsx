export default function Page() {
  return <h1>usuarios-create</h1>;
}
