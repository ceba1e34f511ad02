import { AppError } from '../../lib/app-error';

/** Turns a provider failure (network, 5xx) into a clear 503; the provider's own refusals pass through. */
export async function viaProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'UNAVAILABLE',
      `The payment provider could not be reached to ${what}. Nothing was changed; please try again in a minute.`,
      { cause: error },
    );
  }
}
