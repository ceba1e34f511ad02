import { PageHeader } from '~/web/components/ui/page-header';

// Being built in this session: replaced by its page before it lands.
export default function Page() {
  return <PageHeader title="product" />;
}
