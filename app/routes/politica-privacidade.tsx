export default function Page() {
  return <h1>politica-privacidade</h1>;
}
