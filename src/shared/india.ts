/**
 * States and union territories of India with their GST state codes (the first two
 * digits of a GSTIN). Used for addresses, vendor pickup locations and GSTIN checks.
 */
export const INDIAN_STATES = [
  { name: 'Andaman and Nicobar Islands', gstCode: '35', ut: true },
  { name: 'Andhra Pradesh', gstCode: '37', ut: false },
  { name: 'Arunachal Pradesh', gstCode: '12', ut: false },
  { name: 'Assam', gstCode: '18', ut: false },
  { name: 'Bihar', gstCode: '10', ut: false },
  { name: 'Chandigarh', gstCode: '04', ut: true },
  { name: 'Chhattisgarh', gstCode: '22', ut: false },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', ut: true },
  { name: 'Delhi', gstCode: '07', ut: true },
  { name: 'Goa', gstCode: '30', ut: false },
  { name: 'Gujarat', gstCode: '24', ut: false },
  { name: 'Haryana', gstCode: '06', ut: false },
  { name: 'Himachal Pradesh', gstCode: '02', ut: false },
  { name: 'Jammu and Kashmir', gstCode: '01', ut: true },
  { name: 'Jharkhand', gstCode: '20', ut: false },
  { name: 'Karnataka', gstCode: '29', ut: false },
  { name: 'Kerala', gstCode: '32', ut: false },
  { name: 'Ladakh', gstCode: '38', ut: true },
  { name: 'Lakshadweep', gstCode: '31', ut: true },
  { name: 'Madhya Pradesh', gstCode: '23', ut: false },
  { name: 'Maharashtra', gstCode: '27', ut: false },
  { name: 'Manipur', gstCode: '14', ut: false },
  { name: 'Meghalaya', gstCode: '17', ut: false },
  { name: 'Mizoram', gstCode: '15', ut: false },
  { name: 'Nagaland', gstCode: '13', ut: false },
  { name: 'Odisha', gstCode: '21', ut: false },
  { name: 'Puducherry', gstCode: '34', ut: true },
  { name: 'Punjab', gstCode: '03', ut: false },
  { name: 'Rajasthan', gstCode: '08', ut: false },
  { name: 'Sikkim', gstCode: '11', ut: false },
  { name: 'Tamil Nadu', gstCode: '33', ut: false },
  { name: 'Telangana', gstCode: '36', ut: false },
  { name: 'Tripura', gstCode: '16', ut: false },
  { name: 'Uttar Pradesh', gstCode: '09', ut: false },
  { name: 'Uttarakhand', gstCode: '05', ut: false },
  { name: 'West Bengal', gstCode: '19', ut: false },
] as const;

export type IndianState = (typeof INDIAN_STATES)[number]['name'];

export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name) as unknown as readonly [IndianState, ...IndianState[]];

export function gstCodeOfState(state: string): string | undefined {
  return INDIAN_STATES.find((s) => s.name === state)?.gstCode;
}
