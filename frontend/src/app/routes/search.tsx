import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { ComingSoon } from '@/components/ui/coming-soon';

const searchTermSchema = z.catch(z.string().check(z.trim()), '');

export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const q = searchTermSchema.parse(searchParams.get('q'));
  return (
    <ComingSoon
      title={`Search Results for "${q}"`}
      description="Products whose name or description matches your search will be listed here."
    />
  );
}
