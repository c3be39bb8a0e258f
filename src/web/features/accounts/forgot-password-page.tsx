export function ForgotPasswordPage() {
  return <main className="p-8">Referloop</main>;
}
