// What a zip (an xlsx) holds, read from its central directory only: entry names, count and declared sizes, with
// nothing inflated. The import checks these against its caps (IMPORT_LIMITS) before a workbook library opens the
// file, so a zip bomb (a small file declaring gigabytes, or thousands of entries) is refused unread.

export interface ZipDirectory {
  entries: number;
  /** Declared uncompressed bytes of every entry together. */
  uncompressedBytes: number;
  names: string[];
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const EOCD_SEARCH = 22 + 0xffff;

export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The central directory's summary, or null when it cannot be read (a truncated or corrupt zip). */
export function readZipDirectory(bytes: Buffer, maxEntries: number): ZipDirectory | { tooManyEntries: true } | null {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - EOCD_SEARCH); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    // Zip64: the real values are in the zip64 end record the locator (just before the end record) points to.
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) return null;
    const record = Number(bytes.readBigUInt64LE(locator + 8));
    if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== ZIP64_EOCD) return null;
    const count64 = bytes.readBigUInt64LE(record + 32);
    if (count64 > BigInt(maxEntries)) return { tooManyEntries: true };
    count = Number(count64);
    offset = Number(bytes.readBigUInt64LE(record + 48));
  }
  if (count > maxEntries) return { tooManyEntries: true };

  const names: string[] = [];
  let uncompressedBytes = 0;
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY) return null;
    let size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) return null;
    if (size === 0xffffffff) size = zip64Size(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    uncompressedBytes += size;
    at = end;
  }
  return { entries: count, uncompressedBytes, names };
}

/** The uncompressed size from a central entry's zip64 extra field (its first value); unreadable counts as infinite. */
function zip64Size(extra: Buffer): number {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001 && length >= 8 && at + 12 <= extra.length) return Number(extra.readBigUInt64LE(at + 4));
    at += 4 + length;
  }
  return Number.POSITIVE_INFINITY;
}
