/** What a caller is told while the shop's database does not answer (503, decision 24). */
export const DATABASE_UNAVAILABLE_MESSAGE = "The shop's database is not answering. Please try again in a moment.";

/** Seconds a client is asked to wait (Retry-After) before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What the web app says when the shop itself (or the proxy in front of it) answers 502, 503 or 504 without a message. */
export const SHOP_UNAVAILABLE_MESSAGE = 'The shop is not answering just now. Please try again in a moment.';

/** What a caller is told when every database connection stayed busy longer than the pool lets it wait (503, decision 39). */
export const SHOP_BUSY_MESSAGE = 'The shop is very busy just now. Please try again in a moment.';

/** Seconds a client is asked to wait before trying again when the shop is busy. */
export const SHOP_BUSY_RETRY_AFTER_SECONDS = 2;
