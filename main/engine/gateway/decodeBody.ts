// A response body from bytes to text by the charset the service declares (the Content-Type's charset, else the XML
// declaration's encoding, else UTF-8): some Korean services still send EUC-KR (CP949). Bytes that are not valid
// in that charset are not passed on silently: they become U+FFFD and a warning says how many.
import { isUtf8 } from 'node:buffer';

export interface DecodedBody {
  text: string;
  charset: string;
  warnings: string[];
}

/** Labels Korean services use for what the WHATWG Encoding standard calls euc-kr (it is CP949). */
const ALIASES: Record<string, string> = { cp949: 'euc-kr', 'ks_c_5601-1987': 'euc-kr', 'x-windows-949': 'euc-kr', ms949: 'euc-kr', uhc: 'euc-kr' };

function declaredCharset(bytes: Uint8Array, contentType: string): string | undefined {
  const header = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1];
  if (header) return header.toLowerCase();
  // The XML declaration is ASCII in every charset that matters here; the first 200 bytes hold it.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^\s*(?:\uFEFF)?<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1]?.toLowerCase();
}

export function decodeBody(bytes: Uint8Array, contentType: string): DecodedBody {
  const declared = declaredCharset(bytes, contentType) ?? 'utf-8';
  const label = ALIASES[declared] ?? declared;
  // Most bodies are UTF-8: a one-pass validity check and Buffer's decoder are much cheaper than a fatal TextDecoder.
  if (label === 'utf-8' && isUtf8(bytes))
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), charset: label, warnings: [] };
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    return { text, charset: 'utf-8', warnings: [`The response declares the charset "${declared}", which is not known; it was read as UTF-8.`] };
  }
  try {
    return { text: decoder.decode(bytes), charset: label, warnings: [] };
  } catch {
    const text = new TextDecoder(label).decode(bytes);
    const bad = [...text].filter((c) => c === '\uFFFD').length;
    return {
      text,
      charset: label,
      warnings: [
        `${bad} byte sequence${bad === 1 ? '' : 's'} of the response ${bad === 1 ? 'is' : 'are'} not valid ${label} and ${bad === 1 ? 'was' : 'were'} replaced with U+FFFD.`,
      ],
    };
  }
}
