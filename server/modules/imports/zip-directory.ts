// What a zip (an xlsx) holds, read from its central directory only: entry names, count and declared sizes, with
// nothing inflated. The import checks these against its caps (IMPORT_LIMITS) before a workbook library opens the
// file, so a zip bomb (a small file declaring gigabytes, or thousands of entries) is refused unread; then each entry is
// inflated once under its declared size (inflatesWithinDeclared), so a zip that lies about its sizes is refused too.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate (others are left to the workbook library, which refuses them). */
  method: number;
  compressedSize: number;
  /** As declared by the central directory. */
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

export interface ZipDirectory {
  entries: number;
  /** Declared uncompressed bytes of every entry together. */
  uncompressedBytes: number;
  names: string[];
  list: ZipEntry[];
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
  const list: ZipEntry[] = [];
  let uncompressedBytes = 0;
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY) return null;
    let size = bytes.readUInt32LE(at + 24);
    let compressedSize = bytes.readUInt32LE(at + 20);
    let localOffset = bytes.readUInt32LE(at + 42);
    const method = bytes.readUInt16LE(at + 10);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) return null;
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const zip64 = zip64Values(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), { size, compressedSize, localOffset });
      ({ size, compressedSize, localOffset } = zip64);
    }
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    names.push(name);
    list.push({ name, method, compressedSize, uncompressedSize: size, localOffset });
    uncompressedBytes += size;
    at = end;
  }
  return { entries: count, uncompressedBytes, names, list };
}

/**
 * A central entry's zip64 extra field: the values that were 0xffffffff in the entry, in the order the format gives
 * them (uncompressed size, compressed size, local header offset); unreadable ones count as infinite.
 */
function zip64Values(extra: Buffer, values: { size: number; compressedSize: number; localOffset: number }) {
  const out = { ...values };
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) return Number.POSITIVE_INFINITY;
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (values.size === 0xffffffff) out.size = next();
      if (values.compressedSize === 0xffffffff) out.compressedSize = next();
      if (values.localOffset === 0xffffffff) out.localOffset = next();
      return out;
    }
    at += 4 + length;
  }
  return { size: Number.POSITIVE_INFINITY, compressedSize: Number.POSITIVE_INFINITY, localOffset: Number.POSITIVE_INFINITY };
}

/**
 * Whether every entry inflates to no more than its declared size. The declared sizes are what the caps were checked
 * against, and a zip can lie about them; the workbook library would inflate whatever is there. Each entry is inflated
 * once here with its declared size as the hard output limit (zlib stops there), so the caps hold for what the
 * library will read. False for an entry that is larger than declared, or not where the directory says.
 */
export function inflatesWithinDeclared(bytes: Buffer, directory: ZipDirectory): boolean {
  for (const entry of directory.list) {
    const at = entry.localOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return false;
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > bytes.length) return false;
    if (entry.method === 0) {
      if (entry.compressedSize > entry.uncompressedSize) return false;
    } else if (entry.method === 8) {
      try {
        // One byte of room tells "exactly the declared size" from "more".
        const out = inflateRawSync(bytes.subarray(start, end), { maxOutputLength: Math.max(1, entry.uncompressedSize + 1) });
        if (out.length > entry.uncompressedSize) return false;
      } catch {
        return false;
      }
    }
  }
  return true;
}
