import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, ShoppingCart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EmiTenure } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import type { PaymentMethod } from '~/shared/orders';
import { paths } from '~/shared/paths';
import type { DeliveryOption } from '~/shared/pricing';
import type { PlaceOrderRequest, PlaceOrderResponse, QuoteRequest } from '~/shared/schemas/orders';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Alert, EmptyState } from '~/web/components/ui/feedback';
import { Spinner } from '~/web/components/ui/spinner';
import { addressesQueryOptions, addressKeys } from '~/web/lib/addresses/address-queries';
import { useCart } from '~/web/lib/cart/cart-provider';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { checkoutKeys, quoteQueryOptions } from '../api/get-quote';
import { usePlaceOrder } from '../api/place-order';
import { openPayment, startPayment } from '~/web/lib/payment-redirect';
import { useIdempotencyKey } from '../idempotency-key';
import { AddressStep, pickAddress } from './address-step';
import { BuyerStep, pickBusiness } from './buyer-step';
import { businessesQueryOptions, businessKeys } from '~/web/lib/addresses/business-queries';
import { CheckoutSteps, type CheckoutStep } from './checkout-steps';
import { ChoicesSummary } from './choices-summary';
import { CouponBox } from './coupon-box';
import { UnservedDelivery } from './delivery-answer';
import { DeliveryStep } from './delivery-step';
import { OrderSummary } from './order-summary';
import { PaymentStep, unavailableReason } from './payment-step';
import { QuoteProblems } from './quote-problems';
import { QuotePending } from './quote-status';
import { ReviewLines } from './review-step';
import { StepSection } from './step-section';
import { NoWrap } from '~/web/components/ui/no-wrap';

const STEP_TITLES: Record<CheckoutStep, string> = {
  address: 'Where should we deliver?',
  delivery: 'How fast?',
  payment: 'How would you like to pay?',
  review: 'Review your order',
};

interface Problems {
  address?: string;
  business?: string;
  method?: string;
  emi?: string;
  coupon?: string;
  order?: string;
}

/** A seller's answered quote the checkout pays (decision 77): its one line, for the business it was asked for. */
export interface PayingQuote {
  quoteId: string;
  items: { productId: string; offerId?: string; quantity: number }[];
  businessId: string | null;
  /** "60 × ThinkPad E14 at ₹65,000 each from Deccan Laptops, valid until 14 Dec 2026". */
  summary: string;
}

/**
 * Checkout: address, delivery, payment and review, priced by the server at every step, then the order and the payment.
 * `paying` a quote, its line is the quote's (the server prices it at the quoted price), the buyer is the quote's
 * business, no coupon applies and the cart is left as it is.
 */
export function CheckoutFlow({ paying }: { paying?: PayingQuote } = {}) {
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keyFor = useIdempotencyKey();
  const placeOrder = usePlaceOrder();

  const [step, setStep] = useState<CheckoutStep>('address');
  const [moveFocus, setMoveFocus] = useState(false);
  const [chosenAddressId, setChosenAddressId] = useState<string | null>(null);
  const [forBusinessChosen, setForBusiness] = useState(false);
  const [businessIdChosen, setChosenBusinessId] = useState<string | null>(null);
  const forBusiness = paying ? paying.businessId !== null : forBusinessChosen;
  const chosenBusinessId = paying ? paying.businessId : businessIdChosen;
  const [delivery, setDelivery] = useState<DeliveryOption>('standard');
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const [emiTenure, setEmiTenure] = useState<EmiTenure | undefined>(undefined);
  const [couponCode, setCouponCode] = useState<string | undefined>(undefined);
  const [problems, setProblems] = useState<Problems>({});
  const [placed, setPlaced] = useState<PlaceOrderResponse['order'] | null>(null);

  const addresses = useQuery(addressesQueryOptions());
  const address = pickAddress(addresses.data, chosenAddressId);
  const businesses = useQuery({ ...businessesQueryOptions(), enabled: forBusiness });
  const business = forBusiness ? pickBusiness(businesses.data, chosenBusinessId) : undefined;
  const cartItems = useMemo(
    () =>
      cart.items.map((i) => ({
        productId: i.product.id,
        // Another seller's offer is bought from that seller (decision 70).
        ...(i.product.offerId && i.product.offerId !== i.product.id ? { offerId: i.product.offerId } : {}),
        quantity: i.quantity,
      })),
    [cart.items],
  );
  const items = paying?.items ?? cartItems;
  const request: QuoteRequest = paying
    ? { items, addressId: address?.id, businessId: business?.id, delivery, quoteId: paying.quoteId }
    : { items, addressId: address?.id, businessId: business?.id, delivery, couponCode };
  // Priced once the address book is known, so the first quote already has the address.
  const quote = useQuery({ ...quoteQueryOptions(request), enabled: items.length > 0 && !addresses.isPending && placed === null });
  const data = quote.data;
  const updating = quote.isPlaceholderData || quote.isFetching;

  // A method the order no longer allows (cash on delivery above the limit, say) is no choice at all.
  const method = chosenMethod && data && unavailableReason(chosenMethod, data) ? null : chosenMethod;

  const goTo = (next: CheckoutStep) => {
    setStep(next);
    setMoveFocus(true);
  };

  if (placed) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white px-6 py-12 text-center">
        <Spinner className="size-8 text-brand-700" />
        <h2 className="text-lg font-semibold text-slate-900">
          Order <NoWrap>{placed.orderNumber}</NoWrap> placed: taking you to payment…
        </h2>
        <p className="text-sm text-slate-600">
          Not moving?{' '}
          <Link to={paths.orderDetails(placed.id)} className="font-semibold text-brand-800 underline">
            Open your order
          </Link>{' '}
          to pay from there.
        </p>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState icon={<ShoppingCart />} title="Your cart is empty" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
        Add products to your cart, then come back here to pay.
      </EmptyState>
    );
  }

  const applyCoupon = async (code: string): Promise<string | null> => {
    const priced = await queryClient.fetchQuery(quoteQueryOptions({ ...request, couponCode: code }));
    if (!priced.coupon) return priced.couponError ?? 'This coupon does not apply to your order.';
    setCouponCode(priced.coupon.code);
    setProblems((p) => ({ ...p, coupon: undefined }));
    return null;
  };

  const continueFromPayment = () => {
    if (!method) return setProblems((p) => ({ ...p, method: 'Choose how you will pay.' }));
    if (method === 'emi' && emiTenure === undefined) return setProblems((p) => ({ ...p, emi: 'Choose an EMI tenure.' }));
    setProblems((p) => ({ ...p, method: undefined, emi: undefined }));
    goTo('review');
  };

  const afterPlaced = async ({ order, paymentRequired }: PlaceOrderResponse) => {
    setPlaced(order);
    if (!paying) cart.clear();
    if (!paymentRequired) {
      void navigate(paths.orderPlaced(order.id));
      return;
    }
    try {
      await openPayment(await startPayment(order.id));
    } catch (error) {
      toast.error(`Order ${order.orderNumber} is saved, but the payment could not start. ${(error as Error).message}`);
      void navigate(`${paths.orderPlaced(order.id)}&payment=failed`);
    }
  };

  const onOrderError = (error: Error) => {
    if (!isApiError(error)) return setProblems({ order: error.message });
    if (error.status === 404 && error.fields.businessId) {
      void queryClient.invalidateQueries({ queryKey: businessKeys.all });
      setProblems({ business: `${error.message} Choose another business or add it again.` });
      return goTo('address');
    }
    if (error.status === 404) {
      void queryClient.invalidateQueries({ queryKey: addressKeys.all });
      setProblems({ address: `${error.message} Choose another address or add it again.` });
      return goTo('address');
    }
    if (error.status === 409) {
      toast.error(error.message);
      setProblems({ order: error.message });
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.quotes() });
      return;
    }
    const { couponCode: coupon, emiTenureMonths: emi, paymentMethod: pay, addressId, businessId: _business, ...others } = error.fields;
    const rest = Object.values(others);
    setProblems({
      coupon,
      emi,
      method: pay,
      address: addressId,
      order: rest.length > 0 || !(coupon || emi || pay || addressId) ? [error.message, ...rest].join(' ') : undefined,
    });
    if (addressId) goTo('address');
    else if (emi || pay) goTo('payment');
  };

  const place = () => {
    if (!address || (forBusiness && !business)) return goTo('address');
    if (!method) return goTo('payment');
    const body: PlaceOrderRequest = {
      items,
      addressId: address.id,
      ...(business ? { businessId: business.id } : {}),
      delivery,
      paymentMethod: method,
      ...(method === 'emi' ? { emiTenureMonths: emiTenure } : {}),
      ...(couponCode && !paying ? { couponCode } : {}),
      ...(paying ? { quoteId: paying.quoteId } : {}),
    };
    setProblems({});
    placeOrder.mutate({ request: body, idempotencyKey: keyFor(body) }, { onSuccess: (r) => void afterPlaced(r), onError: onOrderError });
  };

  const unserved = data?.delivery ? !data.delivery.serviceable : false;
  const blocked = !data || data.problems.length > 0 || unserved || updating || !address || !method;
  const placeLabel = !data || method === 'cod' ? 'Place order' : `Place order and pay ${formatPaise(data.totals.totalPaise)}`;

  return (
    <div>
      <CheckoutSteps current={step} onGoTo={goTo} />
      {data && <QuoteProblems problems={data.problems} />}
      {data?.delivery && (
        <UnservedDelivery delivery={data.delivery} onChangeAddress={step === 'address' ? undefined : () => goTo('address')} />
      )}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <StepSection key={step} id={`checkout-${step}`} title={STEP_TITLES[step]} moveFocus={moveFocus}>
            {step === 'address' ? (
              <div className="space-y-6">
                {paying ? (
                  <Alert tone="info" title="Paying your quote">
                    {paying.summary}
                    {business ? ` Billed to ${business.legalName} (GSTIN ${business.gstin}), as quoted.` : ''}
                    {problems.business ? ` ${problems.business}` : ''}
                  </Alert>
                ) : (
                  <BuyerStep
                    forBusiness={forBusiness}
                    onForBusiness={(value) => {
                      setForBusiness(value);
                      setProblems((p) => ({ ...p, business: undefined }));
                    }}
                    selectedId={business?.id}
                    onSelect={(id) => {
                      setChosenBusinessId(id);
                      setProblems((p) => ({ ...p, business: undefined }));
                    }}
                    problem={problems.business ?? null}
                  />
                )}
                <AddressStep
                  selectedId={address?.id}
                  onSelect={(id) => {
                    setChosenAddressId(id);
                    setProblems((p) => ({ ...p, address: undefined }));
                  }}
                  onContinue={() => {
                    if (forBusiness && !business) {
                      setProblems((p) => ({ ...p, business: 'Choose the business to bill, or add it.' }));
                      return;
                    }
                    goTo('delivery');
                  }}
                  problem={problems.address ?? null}
                />
              </div>
            ) : !data ? (
              <QuotePending error={quote.error} onRetry={() => void quote.refetch()} />
            ) : step === 'delivery' ? (
              <DeliveryStep
                quote={data}
                value={delivery}
                onChange={setDelivery}
                onContinue={() => goTo('payment')}
                onChangeAddress={() => goTo('address')}
              />
            ) : step === 'payment' ? (
              <PaymentStep
                quote={data}
                method={method}
                onMethod={(m) => {
                  setChosenMethod(m);
                  setProblems((p) => ({ ...p, method: undefined }));
                }}
                emiTenure={emiTenure}
                onEmiTenure={(months) => {
                  setEmiTenure(months);
                  setProblems((p) => ({ ...p, emi: undefined }));
                }}
                onContinue={continueFromPayment}
                methodError={problems.method ?? null}
                emiError={problems.emi ?? null}
              />
            ) : (
              <div className="space-y-4">
                {address && (
                  <ChoicesSummary
                    address={address}
                    business={business}
                    quote={data}
                    delivery={delivery}
                    method={method}
                    emiTenure={emiTenure}
                    onChange={goTo}
                  />
                )}
                <ReviewLines lines={data.lines} />
                {!paying && (
                  <CouponBox
                    items={items}
                    applied={data.coupon}
                    onApply={applyCoupon}
                    onRemove={() => {
                      setCouponCode(undefined);
                      setProblems((p) => ({ ...p, coupon: undefined }));
                    }}
                    error={problems.coupon ?? (couponCode ? data.couponError : null)}
                  />
                )}
              </div>
            )}
          </StepSection>
          {quote.error && data && (
            <Alert tone="error" className="mt-4" title="The prices could not be updated">
              {quote.error.message}{' '}
              <Button size="sm" variant="secondary" onClick={() => void quote.refetch()}>
                Retry
              </Button>
            </Alert>
          )}
        </div>
        <OrderSummary quote={data} updating={updating} error={quote.error} onRetry={() => void quote.refetch()}>
          {step === 'review' && (
            <div className="mt-5 space-y-2">
              {problems.order && <Alert tone="error">{problems.order}</Alert>}
              <Button size="lg" className="w-full" onClick={place} loading={placeOrder.isPending} disabled={blocked}>
                <CreditCard aria-hidden="true" className="size-5" />
                {placeLabel}
              </Button>
              {data && data.problems.length > 0 && (
                <p className="text-xs text-slate-600">Fix the items marked above to place your order.</p>
              )}
            </div>
          )}
        </OrderSummary>
      </div>
    </div>
  );
}
