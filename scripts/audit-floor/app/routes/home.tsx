// The bare page: one heading, server-rendered and hydrated like every React Router page.
export const meta = () => [
  { title: "Loja — página mínima" },
  { name: "description", content: "A página mínima de React Router, medida ao lado da loja." },
];

export default function Home() {
  return (
    <main>
      <h1>Loja</h1>
    </main>
  );
}
