import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

const ENCODINGS = ['br', 'gzip'];
export type AnswerEncoding = 'br' | 'gzip';

/** Answers shorter than this go uncompressed (as @fastify/compress's threshold in app.ts). */
const THRESHOLD = 1024;

/** `text` compressed as a kept answer is sent (the bench measures a render with it). */
export function compressAnswer(text: string, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          // Once per answer: a little more time than @fastify/compress spends per request (quality 4) buys ~10% fewer bytes.
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzipSync(text, { level: 6 });
}

/**
 * Cached answers (rendered pages, the catalogue's JSON) as they are sent compressed, each compressed
 * once per encoding instead of on every request: brotli of a product page (75 KB of HTML) takes ~1 ms
 * of CPU, four times what answering it from the cache costs otherwise, and a browser always asks for
 * it compressed. Kept by the cache's key with the text they were made from, so an answer computed
 * anew under the same key is compressed anew.
 */
export function createCompressedAnswers(options: { maxBytes: number }) {
  const kept = new LRUCache<string, { text: string; body: Buffer }>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.text.length + entry.body.length,
  });

  /** The encoding to send `text` in to a client that sent `acceptEncoding`; undefined: as it is. */
  function encodingFor(acceptEncoding: string | undefined, text: string): AnswerEncoding | undefined {
    if (!acceptEncoding || text.length < THRESHOLD) return undefined;
    return (negotiate(acceptEncoding, ENCODINGS) as AnswerEncoding | null) ?? undefined;
  }

  /** `text`, kept under `key`, compressed with `encoding`. */
  function body(key: string, encoding: AnswerEncoding, text: string): Buffer {
    const id = `${encoding}:${key}`;
    const entry = kept.get(id);
    if (entry?.text === text) return entry.body;
    const compressed = compressAnswer(text, encoding);
    kept.set(id, { text, body: compressed });
    return compressed;
  }

  return {
    encodingFor,
    body,
    /**
     * Sends `text` as the client asked for it: compressed once per encoding when it is kept under
     * `key`, else as it is (the compression plugin leaves an answer with an encoding alone).
     */
    send(reply: FastifyReply, key: string | undefined, text: string): FastifyReply {
      const vary = reply.getHeader('vary');
      if (!vary) reply.header('vary', 'accept-encoding');
      else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
      const encoding = key === undefined ? undefined : encodingFor(reply.request.headers['accept-encoding'], text);
      return encoding ? reply.header('content-encoding', encoding).send(body(key!, encoding, text)) : reply.send(text);
    },
  };
}
