export default function Page() {
  return <h1>produtos-criar</h1>;
}
