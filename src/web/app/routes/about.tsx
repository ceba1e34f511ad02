export default function Page() {
  return <h1 className="text-2xl font-bold">about</h1>;
}
