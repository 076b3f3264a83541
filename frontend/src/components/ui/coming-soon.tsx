interface ComingSoonProps {
  title: string;
  /** What the page will do, in one sentence. */
  description: string;
}

/** An honest placeholder for a page that is not built yet. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <section className="page coming-soon" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title">{title}</h1>
      <p>{description} This page is coming soon.</p>
    </section>
  );
}
