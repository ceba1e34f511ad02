import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductOffer } from '~/shared/schemas/catalogue';
import { originRows, SellerDetailsDisclosure, SellerDetailsSection } from './seller-details';

const offer: ProductOffer = {
  id: 'ofr_a',
  seller: { id: 'ven_a', name: 'Kothrud Laptops', city: 'Pune' },
  pricePaise: 68_990_00,
  deliveredPricePaise: 68_990_00,
  deliveryPaise: 0,
  dispatchDays: 1,
  stock: 4,
  stockStatus: 'in_stock',
  condition: 'new',
  grade: null,
  warranty: '1 year onsite',
  warrantyMonths: 12,
  sellerOnTime: null,
  sellerDetails: {
    legalName: 'Kothrud Laptops Pvt Ltd',
    address: 'Shop 4, Paud Road, Kothrud, Pune, Maharashtra 411038',
    carePhone: '+91 98220 45678',
    careEmail: 'care@kothrud.example',
    rating: { average: 4.3, reviews: 12 },
  },
};

describe("the seller's details on the product page", () => {
  it('names the seller, its address, how to call and write to it, its rating and its terms', () => {
    render(<SellerDetailsSection offer={offer} returnTerms="Returnable within 7 days of delivery" />);
    const section = screen.getByRole('region', { name: 'Seller details of Kothrud Laptops' });
    expect(section).toHaveTextContent('Kothrud Laptops Pvt Ltd');
    expect(section).toHaveTextContent('Shop 4, Paud Road, Kothrud, Pune, Maharashtra 411038');
    expect(within(section).getByRole('link', { name: '+91 98220 45678' })).toHaveAttribute('href', 'tel:+919822045678');
    expect(within(section).getByRole('link', { name: 'care@kothrud.example' })).toHaveAttribute('href', 'mailto:care@kothrud.example');
    expect(section).toHaveTextContent('4.3 out of 5 from 12 buyers’ reviews');
    expect(section).toHaveTextContent('Returnable within 7 days of delivery');
    expect(section).toHaveTextContent('1 year onsite');
  });

  it('calls a seller with too few reviews new, and leaves out an e-mail it has not given', () => {
    render(
      <SellerDetailsSection
        offer={{ ...offer, sellerDetails: { ...offer.sellerDetails, rating: null, careEmail: null } }}
        returnTerms="Returnable within 7 days of delivery"
      />,
    );
    expect(screen.getByText('New seller')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it("folds another seller's details under its line until asked", async () => {
    render(<SellerDetailsDisclosure offer={offer} returnTerms="Returnable within 7 days of delivery" />);
    expect(screen.getByText('Kothrud Laptops Pvt Ltd')).not.toBeVisible();
    await userEvent.setup().click(screen.getByText('Seller details of Kothrud Laptops'));
    expect(screen.getByText('Kothrud Laptops Pvt Ltd')).toBeVisible();
  });

  it('says where the product is made and who imported it, or that the seller has not said', () => {
    expect(originRows({ country: 'China', makerRole: 'Importer', makerName: 'Apple India Pvt Ltd', makerAddress: 'Bengaluru' })).toEqual([
      { group: 'Origin', label: 'Country of origin', value: 'China' },
      { group: 'Origin', label: 'Importer', value: 'Apple India Pvt Ltd, Bengaluru' },
    ]);
    expect(originRows({ country: null, makerRole: 'Manufacturer', makerName: null, makerAddress: null })).toEqual([
      { group: 'Origin', label: 'Country of origin', value: 'Not stated by the seller' },
      { group: 'Origin', label: 'Manufacturer or importer', value: 'Not stated by the seller' },
    ]);
  });
});
