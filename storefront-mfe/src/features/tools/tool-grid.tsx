import { AnchorSection } from '../../components/anchor-section';
import { QueryContent } from '../../components/query-content';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import { useTools } from './api/tools';
import { ToolCard } from './tool-card';
import { ToolCardSkeleton } from './tool-card-skeleton';

const SKELETON_CARDS = 6;

/** The product grid of the home page. */
export function ToolGrid() {
  const query = useTools();

  return (
    <AnchorSection id="tools" labelledBy="tools-title">
      <SectionHeading
        id="tools-title"
        eyebrow="The range"
        title="Tools built for the job site"
        lead="Sold by the box to workshops and contractors. Every tool ships with a three-year warranty."
      />
      <QueryContent
        query={query}
        errorTitle="The tools could not be loaded"
        empty={{
          title: 'No tools on sale right now',
          text: 'New stock arrives every week. Please check back soon.',
        }}
        skeleton={
          <CardGrid aria-busy="true" aria-label="Loading tools">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={i}>
                <ToolCardSkeleton />
              </li>
            ))}
          </CardGrid>
        }
      >
        {(tools) => (
          <CardGrid>
            {tools.map((tool) => (
              <li key={tool._id}>
                <ToolCard tool={tool} />
              </li>
            ))}
          </CardGrid>
        )}
      </QueryContent>
    </AnchorSection>
  );
}
