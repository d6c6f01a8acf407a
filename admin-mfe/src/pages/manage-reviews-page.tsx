import { PageTitle } from '@toolshop/ui';
import { ReviewsTable } from '../features/reviews/reviews-table';

export default function ManageReviewsPage() {
  return (
    <>
      <PageTitle documentTitle="Manage Reviews">Manage Reviews</PageTitle>
      <ReviewsTable />
    </>
  );
}
