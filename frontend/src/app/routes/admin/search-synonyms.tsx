import { SynonymSettings } from '@/features/catalogue-admin/components/synonym-settings';

export default function SearchSynonymsRoute() {
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Search Synonyms</title>
      <h1 id="page-title">Search Synonyms</h1>
      <SynonymSettings />
    </section>
  );
}
