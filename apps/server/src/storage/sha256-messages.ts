/** What the main thread and the hashing worker (sha256-worker.ts) say to each other. */
export type Sha256Request =
  | { type: 'open'; id: number }
  /** The next bytes of the file: the first `length` bytes of `data`, whose memory is handed over. */
  | { type: 'update'; id: number; data: Uint8Array<ArrayBuffer>; length: number }
  | { type: 'digest'; id: number }
  /** The file is abandoned (upload failed or cut off). */
  | { type: 'close'; id: number };

export type Sha256Reply =
  /** `data` of an update, handed back for reuse once hashed. */
  | { id: number; data: Uint8Array<ArrayBuffer> }
  | { id: number; digest: string }
  | { id: number; error: string };
