export default function Page() {
  return <h1>produtos-criar-banner</h1>;
}
