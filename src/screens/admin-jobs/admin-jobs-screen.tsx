/** admin/jobs: placeholder until the scheduled-work view lands (issue 20). */
export default function AdminJobsScreen() {
  return (
    <section data-screen="admin-jobs" className="screen" aria-labelledby="admin-jobs-title">
      <h1 id="admin-jobs-title">Scheduled work</h1>
    </section>
  );
}
