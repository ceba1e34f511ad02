// The part of @20minutes/s3rver (the maintained fork of s3rver, which ships no types) that the
// tests and the local cluster use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    /** Where the objects are kept. */
    directory: string;
    resetOnClose?: boolean;
    /**
     * s3rver 3 never checked V4 signatures; the fork does, but builds the canonical path of a
     * path-style bucket request (`/bucket/?list-type=2&prefix=…`, a listing) without its trailing
     * slash and refuses the SDK's correct signature. The tests keep s3rver 3's behaviour: the key
     * must be one the server knows, the signature is computed and not enforced.
     */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
