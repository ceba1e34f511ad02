import { randomInt } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { Database } from '../../../db/client';
import { computeIrn, isoFromPortalDate } from '../irn';
import type { IrpInvoice } from '../irp-json';
import { IrpRefusal, type EInvoiceProvider, type IrpRegistration } from '../provider';
import { validateIrpInvoice } from '../validate-irp-invoice';
import * as repo from './test-irp.repo';

/** How long after its acknowledgement an IRN may be cancelled (the IRP's rule). */
export const CANCEL_WINDOW_MS = 24 * 3_600_000;
const ALG = 'RS256';
const KID = 'test-irp-1';

/** The portal's acknowledgement number: 15 digits, the year's two first. */
const ackNumber = (at: Date) => `${String(at.getUTCFullYear()).slice(2)}${String(randomInt(10 ** 12, 10 ** 13))}`;

/** The IRP's "yyyy-mm-dd hh:mm:ss" in India's time. */
function istStamp(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The built-in test Invoice Registration Portal (decision 76): the embedded default e-invoice
 * provider, as the test gateway is the payment provider's. It checks the e-invoice against the
 * INV-01 schema and the portal's rules, makes the IRN as the IRP does, refuses with the portal's
 * error codes (2150 duplicate IRN, 3028 invalid GSTIN, 2270 past the 24 hours of cancellation, 9999
 * not active), signs the invoice and the QR payload as RS256 JWTs with its own key (kept in its
 * table, so every process signs alike) and keeps its records in its own tables.
 */
export function createTestIrp(options: { db: Database; now?: () => Date }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let keys: Promise<{ privateKey: CryptoKey | Uint8Array; publicJwk: JWK }> | undefined;
  /** Test lever: how many next registrations fail as a busy portal does (2146), for the retries' tests. */
  let failures: { count: number; code: string; message: string } = { count: 0, code: '', message: '' };

  async function loadKeys() {
    let row = await repo.readKey(db);
    if (!row) {
      const pair = await generateKeyPair(ALG, { extractable: true });
      await repo.insertKey(
        db,
        (await exportJWK(pair.privateKey)) as Record<string, unknown>,
        (await exportJWK(pair.publicKey)) as Record<string, unknown>,
      );
      row = await repo.readKey(db);
    }
    const publicJwk = { ...(row!.publicJwk as JWK), kid: KID, alg: ALG };
    return { privateKey: await importJWK(row!.privateJwk as JWK, ALG), publicJwk };
  }
  const signingKeys = () => (keys ??= loadKeys());

  async function sign(data: unknown): Promise<string> {
    const { privateKey } = await signingKeys();
    return new SignJWT({ data: JSON.stringify(data) })
      .setProtectedHeader({ alg: ALG, kid: KID, typ: 'JWT' })
      .setIssuer('NIC')
      .setIssuedAt()
      .sign(privateKey);
  }

  const toRegistration = (row: repo.TestIrpDocumentRow): IrpRegistration => ({
    irn: row.irn,
    ackNo: row.ackNo,
    ackDate: row.ackDate,
    signedInvoice: row.signedInvoice,
    signedQrCode: row.signedQrCode,
    status: row.status as 'ACT' | 'CNL',
  });

  const provider: EInvoiceProvider = {
    name: 'test-irp',

    async register(invoice: IrpInvoice): Promise<IrpRegistration> {
      if (failures.count > 0) {
        failures.count -= 1;
        throw new IrpRefusal(failures.code, failures.message, { retryable: true });
      }
      const problems = validateIrpInvoice(invoice);
      if (problems.length > 0) throw new IrpRefusal(problems[0]!.code, problems.map((p) => p.message).join('; '), { problems });
      const irn = computeIrn({
        supplierGstin: invoice.SellerDtls.Gstin,
        documentType: invoice.DocDtls.Typ,
        documentNumber: invoice.DocDtls.No,
        documentDate: isoFromPortalDate(invoice.DocDtls.Dt),
      });
      const duplicate = () => refuseDuplicate(irn);
      if (await repo.findDocument(db, irn)) return duplicate();
      const ackDate = now();
      const ackNo = ackNumber(ackDate);
      const ackDt = istStamp(ackDate);
      const signedInvoice = await sign({ ...invoice, Irn: irn, AckNo: ackNo, AckDt: ackDt });
      const signedQrCode = await sign({
        SellerGstin: invoice.SellerDtls.Gstin,
        BuyerGstin: invoice.BuyerDtls.Gstin,
        DocNo: invoice.DocDtls.No,
        DocTyp: invoice.DocDtls.Typ,
        DocDt: invoice.DocDtls.Dt,
        TotInvVal: invoice.ValDtls.TotInvVal,
        ItemCnt: invoice.ItemList.length,
        MainHsnCode: invoice.ItemList[0]!.HsnCd,
        Irn: irn,
        IrnDt: ackDt,
      });
      const row = await repo.insertDocument(db, {
        irn,
        gstin: invoice.SellerDtls.Gstin,
        documentType: invoice.DocDtls.Typ,
        documentNumber: invoice.DocDtls.No,
        ackNo,
        ackDate,
        signedInvoice,
        signedQrCode,
      });
      return row ? toRegistration(row) : duplicate();
    },

    async cancel({ supplierGstin, irn, reason, remark }) {
      const row = await repo.findDocument(db, irn);
      if (!row) throw new IrpRefusal('2148', 'Requested IRN data is not available');
      if (row.gstin !== supplierGstin) throw new IrpRefusal('2143', 'Invoice does not belong to the user GSTIN');
      if (row.status !== 'ACT') throw new IrpRefusal('9999', 'Invoice is not active: the IRN is already cancelled');
      const at = now();
      if (at.getTime() - row.ackDate.getTime() > CANCEL_WINDOW_MS) {
        throw new IrpRefusal('2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN');
      }
      const cancelled = await repo.cancelDocument(db, irn, { cancelledAt: at, reason, remark });
      if (!cancelled) throw new IrpRefusal('9999', 'Invoice is not active: the IRN is already cancelled');
      return { irn, cancelledAt: at };
    },

    async getByIrn({ supplierGstin, irn }) {
      const row = await repo.findDocument(db, irn);
      return row && row.gstin === supplierGstin ? toRegistration(row) : null;
    },
  };

  async function refuseDuplicate(irn: string): Promise<never> {
    const existing = await repo.findDocument(db, irn);
    throw new IrpRefusal('2150', 'Duplicate IRN', existing ? { existing: toRegistration(existing) } : {});
  }

  return {
    provider,
    /** The public key the test IRP signs with, as a JWK (what a real IRP publishes as its certificate). */
    async publicKey(): Promise<JWK> {
      return (await signingKeys()).publicJwk;
    },
    /** Verifies a JWS of the test IRP and gives its `data`, parsed. */
    async verify(jws: string): Promise<unknown> {
      const { payload } = await jwtVerify<JWTPayload & { data: string }>(jws, await importJWK((await signingKeys()).publicJwk, ALG), {
        issuer: 'NIC',
      });
      return JSON.parse(payload.data) as unknown;
    },
    /** Makes the next `count` registrations fail as a busy portal's do (2146), for tests of the retries. */
    failNextRegistrations(count: number, code = '2146', message = 'Unable to create IRN, Pls. try after some time') {
      failures = { count, code, message };
    },
  };
}

export type TestIrp = ReturnType<typeof createTestIrp>;
