import { useState } from 'react';
import { isApiError } from '~/web/lib/api-client';

/** A file on its way: its progress (0 to 1), or the reason it was refused. */
export interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

/**
 * The list of files uploading one request each (see UploadProgress): `queue` shows a file at once and
 * returns what sends it (so files chosen together can go one after another); a file sent leaves the
 * list, a refused one stays with its reason until dismissed. `refuse` lists a file refused before
 * sending (too large, one too many).
 */
export function useUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const add = (name: string, error: string | null) => {
    const key = `${name}-${Math.random()}`;
    setUploads((current) => [...current, { key, name, progress: 0, error }]);
    return key;
  };
  const update = (key: string, changes: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...changes } : u)));
  const dismiss = (key: string) => setUploads((current) => current.filter((u) => u.key !== key));

  return {
    uploads,
    /** Files still on their way (not refused). */
    sending: uploads.filter((u) => !u.error).length,
    queue(file: File, send: (onProgress: (fraction: number) => void) => Promise<unknown>) {
      const key = add(file.name, null);
      return () =>
        send((progress) => update(key, { progress }))
          .then(() => dismiss(key))
          .catch((error: unknown) => update(key, { error: isApiError(error) ? error.message : 'The upload failed. Try again.' }));
    },
    refuse: (name: string, reason: string) => void add(name, reason),
    dismiss,
    clear: () => setUploads([]),
  };
}
