/** policy/renewal: placeholder until the renewal offer lands (issue 20). */
export default function RenewalScreen() {
  return (
    <section data-screen="renewal" className="screen" aria-labelledby="renewal-title">
      <h1 id="renewal-title">Renew your policy</h1>
    </section>
  );
}
