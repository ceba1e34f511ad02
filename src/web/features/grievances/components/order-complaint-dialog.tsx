import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CATEGORY_LABELS, orderGrievanceSchema } from '~/shared/schemas/grievances';
import type { OrderDetail } from '~/shared/schemas/orders';
import { Button } from '~/web/components/ui/button';
import { DialogClose, DialogFrame } from '~/web/components/ui/dialog-frame';
import { Alert } from '~/web/components/ui/feedback';
import { SelectField, TextareaField } from '~/web/components/ui/form-fields';
import { NoWrap } from '~/web/components/ui/no-wrap';
import { applyServerErrors } from '~/web/lib/form-errors';
import { toast } from '~/web/lib/toast';
import { useFileOrderGrievance } from '../api/grievance-queries';
import { ComplaintFiled } from './complaint-filed';

type Input = z.input<typeof orderGrievanceSchema>;
type Output = z.output<typeof orderGrievanceSchema>;
const FIELDS = ['orderItemId', 'category', 'description'] as const;

/** "Raise a complaint" about an order (and optionally one of its items), to the grievance officer. */
export function OrderComplaintDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const filing = useFileOrderGrievance();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(orderGrievanceSchema),
    defaultValues: { orderId: order.id, orderItemId: '', description: '' },
  });
  const itemIds = order.items.map((i) => i.id);
  const itemNames = Object.fromEntries(order.items.map((i) => [i.id, `${i.name} (×${i.quantity})`]));

  const change = (next: boolean) => {
    if (!next) {
      filing.reset();
      reset();
      setFormError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    filing.mutate(values, {
      onSuccess: (filed) => toast.success(`Complaint ${filed.ticketNumber} received.`),
      onError: (error) => setFormError(applyServerErrors(error, setError, FIELDS)),
    });
  });

  return (
    <DialogFrame
      open={open}
      onOpenChange={change}
      title={
        <>
          Raise a complaint about order <NoWrap>{order.orderNumber}</NoWrap>
        </>
      }
      description="It goes to our grievance officer, who acknowledges it within 48 hours and resolves it within one month."
    >
      {filing.data ? (
        <div className="mt-4 space-y-4">
          <ComplaintFiled filed={filing.data} signedIn />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Complaint about this order">
          {formError && <Alert tone="error">{formError}</Alert>}
          <SelectField
            label="Which item? (optional)"
            options={itemIds}
            labels={itemNames}
            placeholder="The whole order"
            error={errors.orderItemId?.message}
            {...register('orderItemId')}
          />
          <SelectField
            label="What is it about?"
            options={GRIEVANCE_CATEGORIES}
            labels={GRIEVANCE_CATEGORY_LABELS}
            placeholder="Choose a category"
            error={errors.category?.message}
            {...register('category')}
          />
          <TextareaField
            label="Describe the problem"
            rows={5}
            maxLength={4000}
            hint="What happened, when, and what you would like us to do."
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary" type="button">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={filing.isPending}>
              Send complaint
            </Button>
          </div>
        </form>
      )}
    </DialogFrame>
  );
}
