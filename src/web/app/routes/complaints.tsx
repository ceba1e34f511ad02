import { PageHeader } from '~/web/components/ui/page-header';
import { MyComplaints } from '~/web/features/grievances/components/my-complaints';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The customer's complaints to the grievance officer at /account/complaints (the router lets only customers in). */
export default function ComplaintsPage() {
  useDocumentTitle('My complaints');
  return (
    <div>
      <PageHeader
        title="My complaints"
        description="Your complaints to our grievance officer, newest first: each is acknowledged within 48 hours and resolved within one month."
      />
      <MyComplaints />
    </div>
  );
}
