import { AUDIT_ACTION_GROUP_LABELS, AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, type AuditActionGroup } from '~/shared/audit-labels';
import { AUDIT_ACTOR_ROLES, AUDIT_ROLE_LABELS, auditQuerySchema, type AuditActorRole } from '~/shared/schemas/audit';
import { FilterSelect, ListFilters } from '~/web/components/data-table/list-filters';
import { PageHeader } from '~/web/components/ui/page-header';
import { AuditChainCheck } from '~/web/features/admin/components/audit-chain-check';
import { AuditList } from '~/web/features/admin/components/audit-list';
import { SellerFilter } from '~/web/features/admin-orders/components/seller-filter';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const ALL_ACTIONS = Object.keys(AUDIT_ACTION_LABELS);
const groupOf = (action: string) => action.split('.')[0] as AuditActionGroup;

export default function AdminAuditPage() {
  useDocumentTitle('Audit log');
  const { state, set, reset } = useUrlListState(auditQuerySchema);
  // One address field holds either a kind (`order`) or one action of it (`order.refund_lines`).
  const kind = state.action && AUDIT_ACTION_GROUPS.includes(groupOf(state.action)) ? groupOf(state.action) : undefined;
  const action = state.action?.includes('.') ? state.action : undefined;
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
          value={kind}
          values={AUDIT_ACTION_GROUPS}
          labels={AUDIT_ACTION_GROUP_LABELS}
          placeholder="Every kind"
          className="w-60"
          onChange={(group) => set({ action: group })}
        />
        <FilterSelect<string>
          label="Action"
          value={action}
          values={kind ? ALL_ACTIONS.filter((a) => groupOf(a) === kind) : ALL_ACTIONS}
          labels={AUDIT_ACTION_LABELS}
          placeholder={kind ? 'Every action of this kind' : 'Every action'}
          className="w-60"
          onChange={(chosen) => set({ action: chosen ?? kind })}
        />
        <SellerFilter value={state.vendorId} onChange={(vendorId) => set({ vendorId })} />
      </ListFilters>
      <AuditList filter={state} onPageChange={(page) => set({ page })} onClearFilters={reset} />
    </div>
  );
}
