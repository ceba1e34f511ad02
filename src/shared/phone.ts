/** +91 98220 45678 from +919822045678 (as numbers are stored); anything else as it is. */
export function formatMobile(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}
