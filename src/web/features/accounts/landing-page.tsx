export function LandingPage() {
  return <main className="p-8">Referloop</main>;
}
