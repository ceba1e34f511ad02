import { useParams } from 'react-router';
import { ComplaintThread } from '~/web/features/grievances/components/complaint-thread';

/** One of the customer's complaints at /account/complaints/:grievanceId. */
export default function ComplaintPage() {
  const { grievanceId = '' } = useParams();
  return <ComplaintThread key={grievanceId} id={grievanceId} />;
}
