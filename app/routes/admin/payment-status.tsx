export default function Page() {
  return <h1>payment-status</h1>;
}
