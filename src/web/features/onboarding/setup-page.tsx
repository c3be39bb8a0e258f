export function SetupPage({ product }: { product?: string }) {
  return <main className="p-8">Setup {product}</main>;
}
