import {
  AUDIT_ACTION_GROUP_LABELS,
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTOR_ROLES,
  AUDIT_ROLE_LABELS,
  auditQuerySchema,
  type AuditActionGroup,
  type AuditActorRole,
} from '~/shared/schemas/audit';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { AuditChainCheck } from '~/web/features/admin/components/audit-chain-check';
import { AuditList } from '~/web/features/admin/components/audit-list';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminAuditPage() {
  useDocumentTitle('Audit log');
  const { state, set, reset } = useUrlListState(auditQuerySchema);
  return (
    <div>
      <PageHeader
        title="Audit log"
        description="Every change an admin or a vendor made: who, when, from where, and the values before and after. Entries cannot be edited; each carries the hash of the one before, so a change or a removal made in the database is found by “Check the chain” (or npm run audit:verify)."
      />
      <AuditChainCheck onShowEntry={(id) => set({ q: String(id), role: undefined, action: undefined })} />
      <ListFilters
        label="Filter the audit log"
        search={{ label: 'Words, e-mail or id', value: state.q, onSearch: (q) => set({ q }), placeholder: 'Approved, name@example.in' }}
      >
        <FilterSelect<AuditActorRole>
          label="Who"
          value={state.role}
          values={AUDIT_ACTOR_ROLES}
          labels={AUDIT_ROLE_LABELS}
          placeholder="Everyone"
          onChange={(role) => set({ role })}
        />
        <FilterSelect<AuditActionGroup>
          label="Kind"
          value={state.action as AuditActionGroup | undefined}
          values={AUDIT_ACTION_GROUPS}
          labels={AUDIT_ACTION_GROUP_LABELS}
          placeholder="Every kind"
          onChange={(action) => set({ action })}
        />
      </ListFilters>
      <AuditList filter={state} onPageChange={(page) => set({ page })} onClearFilters={reset} />
    </div>
  );
}
