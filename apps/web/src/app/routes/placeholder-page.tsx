import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/layouts/coming-soon';
import { PageWrapper } from '../../components/layouts/page-wrapper';

function titleOf(handle: unknown): string {
  if (typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string') {
    return handle.title;
  }
  return 'Coming soon';
}

/** A protected route whose feature is not built yet: its title and a 'coming soon' line, never blank. */
export function PlaceholderRoute() {
  const matches = useMatches();
  const title = titleOf(matches[matches.length - 1]?.handle);
  return (
    <PageWrapper title={title}>
      <ComingSoon what={title} />
    </PageWrapper>
  );
}
