export default function Home() {
  return <main className="p-8">Voxdesk</main>;
}
