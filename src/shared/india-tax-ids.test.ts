import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_NUMBER_PATTERN, gstinStateProblem, IFSC_PATTERN, maskAccountNumber, panOfGstin, panProblem } from './india-tax-ids';
import { updateVendorProfileSchema, type UpdateVendorProfileInput } from './schemas/vendor';

describe('PAN', () => {
  it('accepts PANs of a firm, a company and a person', () => {
    for (const pan of ['AAPFU0939F', 'AAGCB7383J', 'ABCPD1234E']) expect(panProblem(pan), pan).toBeNull();
  });

  it('refuses anything not shaped AAAAA9999A', () => {
    for (const bad of ['', 'AAPFU0939', 'AAPFU0939FF', 'AAPF00939F', 'AAPFU093XF', 'AAPFU09391', 'aapfu0939f']) {
      expect(panProblem(bad), bad).toBe('format');
    }
  });

  it('refuses a 4th letter that names no kind of holder', () => {
    expect(panProblem('AAPXU0939F')).toBe('holder');
    expect(panProblem('AAPZU0939F')).toBe('holder');
  });

  it('is characters 3–12 of a GSTIN', () => {
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });
});

describe('GSTIN and state', () => {
  it('accepts a GSTIN whose first two digits are the state’s GST code', () => {
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinStateProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull();
  });

  it('names the code a GSTIN of the chosen state starts with', () => {
    expect(gstinStateProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(
      'This GSTIN is registered in another state: a Karnataka GSTIN starts with 29',
    );
    expect(gstinStateProblem('29AAGCB7383J1Z4', 'Delhi')).toBe('This GSTIN is registered in another state: a Delhi GSTIN starts with 07');
  });
});

describe('IFSC and account numbers', () => {
  it('accepts IFSCs of four letters, 0 and six letters or digits', () => {
    for (const ifsc of ['HDFC0001234', 'SBIN0005678', 'ICIC0ABC123']) expect(IFSC_PATTERN.test(ifsc), ifsc).toBe(true);
    for (const bad of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', 'hdfc0001234', 'HDFC-001234']) {
      expect(IFSC_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('accepts account numbers of 9 to 18 digits', () => {
    expect(BANK_ACCOUNT_NUMBER_PATTERN.test('123456789')).toBe(true);
    expect(BANK_ACCOUNT_NUMBER_PATTERN.test('123456789012345678')).toBe(true);
    expect(BANK_ACCOUNT_NUMBER_PATTERN.test('12345678')).toBe(false);
    expect(BANK_ACCOUNT_NUMBER_PATTERN.test('1234567890123456789')).toBe(false);
    expect(BANK_ACCOUNT_NUMBER_PATTERN.test('12345678A')).toBe(false);
  });

  it('masks an account number to its last four digits, whatever its length', () => {
    expect(maskAccountNumber('50100123454321')).toBe('XXXXXX4321');
    expect(maskAccountNumber('123456789')).toBe('XXXXXX6789');
  });
});

describe('the profile form’s rules (updateVendorProfileSchema)', () => {
  const valid: UpdateVendorProfileInput = {
    businessName: 'Deccan Laptops LLP',
    contactName: 'Rohan Deshmukh',
    contactEmail: 'Orders@DeccanLaptops.in',
    mobile: '98220 45678',
    gstin: '27aapfu0939f1zv',
    pan: '',
    pickupLine1: 'Shop 4, Sai Plaza, FC Road',
    pickupLine2: '',
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
    pickupPinCode: '411004',
  };
  const fieldErrors = (input: UpdateVendorProfileInput) => {
    const result = updateVendorProfileSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('normalises what a vendor types and takes the PAN from the GSTIN when none is given', () => {
    const parsed = updateVendorProfileSchema.parse(valid);
    expect(parsed).toMatchObject({
      contactEmail: 'orders@deccanlaptops.in',
      mobile: '+919822045678',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      pickupLine2: undefined,
    });
    expect(parsed.bankAccount).toBeUndefined();
  });

  it('refuses a PAN that is not the GSTIN’s', () => {
    expect(fieldErrors({ ...valid, pan: 'AAGCB7383J' }).pan).toBe(
      'This PAN does not match your GSTIN: characters 3–12 of the GSTIN are the PAN (AAPFU0939F)',
    );
  });

  it('refuses a GSTIN of another state than the pickup address, and a PIN code of another state', () => {
    const errors = fieldErrors({ ...valid, pickupState: 'Karnataka', pickupPinCode: '411004' });
    expect(errors.gstin).toBe('This GSTIN is registered in another state: a Karnataka GSTIN starts with 29');
    expect(errors.pickupPinCode).toBe('PIN codes in Karnataka start with 5. Please check the PIN code or the state.');
  });

  it('checks a new bank account: both numbers alike, 9–18 digits, an IFSC', () => {
    const bank = {
      holderName: 'Deccan Laptops LLP',
      accountNumber: '5010 0123 4543 21',
      confirmAccountNumber: '50100123454321',
      ifsc: 'hdfc0001234',
    };
    expect(updateVendorProfileSchema.parse({ ...valid, bankAccount: bank }).bankAccount).toEqual({
      holderName: 'Deccan Laptops LLP',
      accountNumber: '50100123454321',
      confirmAccountNumber: '50100123454321',
      ifsc: 'HDFC0001234',
    });
    expect(fieldErrors({ ...valid, bankAccount: { ...bank, confirmAccountNumber: '50100123454312' } })).toEqual({
      'bankAccount.confirmAccountNumber': 'The account numbers do not match',
    });
    const errors = fieldErrors({
      ...valid,
      bankAccount: { ...bank, accountNumber: '1234', confirmAccountNumber: '1234', ifsc: 'HDFC1234' },
    });
    expect(errors['bankAccount.accountNumber']).toBe('Account number must be 9 to 18 digits');
    expect(errors['bankAccount.ifsc']).toMatch(/^IFSC must be 11 characters/);
  });
});
