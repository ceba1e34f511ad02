// rate-limiter-flexible's base class for a limiter over one's own store (its README, "Any new
// limiter with storage must be extended from RateLimiterStoreAbstract"): typed in the package's
// types.d.ts but exported by its index only as a file of its own.
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js' {
  import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';

  const Base: typeof RateLimiterStoreAbstract;
  export default Base;
}
