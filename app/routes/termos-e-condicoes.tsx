export default function Page() {
  return <h1>termos-e-condicoes</h1>;
}
