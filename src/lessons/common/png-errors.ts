// What a learner reads when their PNG is refused: one code per fault, a sentence in en and zh saying what is
// wrong with the file (not how the decoder works). The one source of these texts: the validator, the decoder,
// the worker client and the page all name a code and its numbers.
import type { Bilingual } from '../types';

export type PngErrorCode =
  | 'not-bytes'
  | 'file-too-large'
  | 'not-png'
  | 'truncated'
  | 'bad-chunk-length'
  | 'bad-crc'
  | 'ihdr-not-first'
  | 'ihdr-bad-length'
  | 'zero-size'
  | 'too-large'
  | 'too-many-pixels'
  | 'bad-color-type'
  | 'bad-bit-depth'
  | 'bad-compression-method'
  | 'bad-filter-method'
  | 'bad-interlace-method'
  | 'duplicate-chunk'
  | 'chunk-out-of-order'
  | 'unknown-critical-chunk'
  | 'plte-missing'
  | 'plte-not-allowed'
  | 'plte-bad-length'
  | 'trns-not-allowed'
  | 'trns-bad-length'
  | 'idat-missing'
  | 'idat-not-consecutive'
  | 'iend-missing'
  | 'data-after-iend'
  | 'inflate-failed'
  | 'inflate-too-much'
  | 'inflate-too-little'
  | 'bad-row-filter'
  | 'palette-index-out-of-range'
  | 'timeout'
  | 'worker-failed';

export interface PngError {
  code: PngErrorCode;
  /** Numbers and names the sentence quotes (chunk type, sizes ...). */
  params?: Record<string, string | number>;
}

/** The limits a learner's file must stay within (the page and README quote them). */
export const PNG_LIMITS = {
  /** Pixels a side (D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION). */
  maxSide: 16384,
  /** Width × height: 16 Mpx (4096 × 4096), 64 MiB once converted to R8G8B8A8. */
  maxPixels: 16 * 1024 * 1024,
  /** The file itself. */
  maxFileBytes: 64 * 1024 * 1024,
  /** The decoder worker's time limit, milliseconds. */
  timeoutMs: 5000,
} as const;

type Params = Record<string, string | number>;
const T: Record<PngErrorCode, (p: Params) => Bilingual> = {
  'not-bytes': () => ({
    en: "Nothing to decode: the input is not a file's bytes.",
    zh: '没有可解码的内容：输入不是文件的字节。',
  }),
  'file-too-large': (p) => ({
    en: `The file is ${p.size} bytes; files up to ${p.max} bytes are accepted.`,
    zh: `文件有 ${p.size} 字节；最多接受 ${p.max} 字节。`,
  }),
  'not-png': () => ({
    en: 'This is not a PNG file: its first 8 bytes are not the PNG signature (89 50 4E 47 0D 0A 1A 0A).',
    zh: '这不是 PNG 文件：前 8 个字节不是 PNG 签名（89 50 4E 47 0D 0A 1A 0A）。',
  }),
  truncated: (p) => ({
    en: `The file is cut short: it ends inside the ${p.chunk} chunk at byte ${p.at}.`,
    zh: `文件被截断了：它在第 ${p.at} 字节处、${p.chunk} 块的中间就结束了。`,
  }),
  'bad-chunk-length': (p) => ({
    en: `A chunk at byte ${p.at} says it is ${p.length} bytes long, more than a PNG chunk may be.`,
    zh: `第 ${p.at} 字节处的块声称长度为 ${p.length} 字节，超过了 PNG 块允许的长度。`,
  }),
  'bad-crc': (p) => ({
    en: `The ${p.chunk} chunk is damaged: its checksum (CRC) does not match its contents.`,
    zh: `${p.chunk} 块已损坏：它的校验和（CRC）与内容不符。`,
  }),
  'ihdr-not-first': (p) => ({
    en: `The first chunk must be the header (IHDR), but it is ${p.chunk}.`,
    zh: `第一个块必须是文件头（IHDR），但这里是 ${p.chunk}。`,
  }),
  'ihdr-bad-length': (p) => ({
    en: `The header (IHDR) must be 13 bytes long; this one is ${p.length}.`,
    zh: `文件头（IHDR）必须是 13 字节；这个是 ${p.length} 字节。`,
  }),
  'zero-size': (p) => ({
    en: `The header says the image is ${p.width} × ${p.height}: an image needs at least one pixel each way.`,
    zh: `文件头说图像是 ${p.width} × ${p.height}：图像在每个方向上至少要有一个像素。`,
  }),
  'too-large': (p) => ({
    en: `The image is ${p.width} × ${p.height}; a D3D12 2D texture is at most ${p.max} pixels a side.`,
    zh: `图像是 ${p.width} × ${p.height}；D3D12 的 2D 纹理每边最多 ${p.max} 像素。`,
  }),
  'too-many-pixels': (p) => ({
    en: `The image is ${p.width} × ${p.height} (${p.pixels} pixels); the lab takes up to ${p.max} pixels (for example 4096 × 4096).`,
    zh: `图像是 ${p.width} × ${p.height}（${p.pixels} 个像素）；实验室最多接受 ${p.max} 个像素（例如 4096 × 4096）。`,
  }),
  'bad-color-type': (p) => ({
    en: `The header names colour type ${p.colorType}, which PNG does not have (0, 2, 3, 4 or 6).`,
    zh: `文件头给出的颜色类型是 ${p.colorType}，PNG 没有这种类型（只有 0、2、3、4、6）。`,
  }),
  'bad-bit-depth': (p) => ({
    en: `Bit depth ${p.bitDepth} is not allowed with colour type ${p.colorType} (allowed: ${p.allowed}).`,
    zh: `颜色类型 ${p.colorType} 不允许位深 ${p.bitDepth}（允许：${p.allowed}）。`,
  }),
  'bad-compression-method': (p) => ({
    en: `The header names compression method ${p.value}; PNG has only method 0 (deflate).`,
    zh: `文件头给出的压缩方法是 ${p.value}；PNG 只有方法 0（deflate）。`,
  }),
  'bad-filter-method': (p) => ({
    en: `The header names filter method ${p.value}; PNG has only method 0.`,
    zh: `文件头给出的过滤方法是 ${p.value}；PNG 只有方法 0。`,
  }),
  'bad-interlace-method': (p) => ({
    en: `The header names interlace method ${p.value}; PNG has 0 (none) and 1 (Adam7).`,
    zh: `文件头给出的隔行方法是 ${p.value}；PNG 只有 0（无）和 1（Adam7）。`,
  }),
  'duplicate-chunk': (p) => ({
    en: `The file has more than one ${p.chunk} chunk; there may be only one.`,
    zh: `文件里有不止一个 ${p.chunk} 块；它只能有一个。`,
  }),
  'chunk-out-of-order': (p) => ({
    en: `The ${p.chunk} chunk comes after the image data (IDAT); it must come before it.`,
    zh: `${p.chunk} 块出现在图像数据（IDAT）之后；它必须在图像数据之前。`,
  }),
  'unknown-critical-chunk': (p) => ({
    en: `The file has a chunk "${p.chunk}" marked as required that no PNG decoder knows.`,
    zh: `文件里有一个标记为必需的块“${p.chunk}”，但没有任何 PNG 解码器认识它。`,
  }),
  'plte-missing': () => ({
    en: 'This is a palette image (colour type 3) but it has no palette (PLTE chunk).',
    zh: '这是调色板图像（颜色类型 3），但文件里没有调色板（PLTE 块）。',
  }),
  'plte-not-allowed': (p) => ({
    en: `A greyscale image (colour type ${p.colorType}) may not have a palette (PLTE chunk).`,
    zh: `灰度图像（颜色类型 ${p.colorType}）不能带调色板（PLTE 块）。`,
  }),
  'plte-bad-length': (p) => ({
    en: `The palette is ${p.length} bytes: it must hold 1 to ${p.max} colours of 3 bytes each.`,
    zh: `调色板有 ${p.length} 字节：它必须包含 1 到 ${p.max} 个颜色，每个 3 字节。`,
  }),
  'trns-not-allowed': (p) => ({
    en: `An image that already has an alpha channel (colour type ${p.colorType}) may not have a transparency (tRNS) chunk.`,
    zh: `已经带 alpha 通道的图像（颜色类型 ${p.colorType}）不能再有透明度（tRNS）块。`,
  }),
  'trns-bad-length': (p) => ({
    en: `The transparency (tRNS) chunk is ${p.length} bytes; for this image it must be ${p.want}.`,
    zh: `透明度（tRNS）块有 ${p.length} 字节；对这张图像它必须是 ${p.want}。`,
  }),
  'idat-missing': () => ({
    en: 'The file has no image data (no IDAT chunk).',
    zh: '文件里没有图像数据（没有 IDAT 块）。',
  }),
  'idat-not-consecutive': () => ({
    en: 'The image data (IDAT chunks) is split by other chunks; it must come in one run.',
    zh: '图像数据（IDAT 块）被其他块隔开了；它们必须连续出现。',
  }),
  'iend-missing': () => ({
    en: 'The file does not end with the end marker (IEND chunk): it may be cut short.',
    zh: '文件没有以结束标记（IEND 块）结尾：它可能被截断了。',
  }),
  'data-after-iend': (p) => ({
    en: `There are ${p.extra} bytes after the end marker (IEND).`,
    zh: `结束标记（IEND）之后还有 ${p.extra} 字节。`,
  }),
  'inflate-failed': () => ({
    en: 'The compressed image data is damaged and cannot be unpacked.',
    zh: '压缩的图像数据已损坏，无法解压。',
  }),
  'inflate-too-much': (p) => ({
    en: `The compressed image data unpacks to more than the ${p.want} bytes a ${p.width} × ${p.height} image needs (a "decompression bomb"); decoding stopped there.`,
    zh: `压缩的图像数据解压后超过了 ${p.width} × ${p.height} 图像所需的 ${p.want} 字节（“解压炸弹”）；解码已在此停止。`,
  }),
  'inflate-too-little': (p) => ({
    en: `The image data unpacks to ${p.got} bytes, but a ${p.width} × ${p.height} image needs ${p.want}: the file is cut short or damaged.`,
    zh: `图像数据解压后只有 ${p.got} 字节，而 ${p.width} × ${p.height} 的图像需要 ${p.want} 字节：文件被截断或已损坏。`,
  }),
  'bad-row-filter': (p) => ({
    en: `Row ${p.row} names filter type ${p.filter}; PNG rows use 0 to 4.`,
    zh: `第 ${p.row} 行使用了过滤类型 ${p.filter}；PNG 的行只能用 0 到 4。`,
  }),
  'palette-index-out-of-range': (p) => ({
    en: `Pixel (${p.x}, ${p.y}) uses colour ${p.index}, but the palette has only ${p.size} colours.`,
    zh: `像素 (${p.x}, ${p.y}) 使用了第 ${p.index} 号颜色，但调色板只有 ${p.size} 个颜色。`,
  }),
  timeout: (p) => ({
    en: `Decoding took longer than ${p.ms} ms and was stopped; the page is unaffected.`,
    zh: `解码超过了 ${p.ms} 毫秒，已被停止；页面不受影响。`,
  }),
  'worker-failed': (p) => ({
    en: `The decoder stopped unexpectedly (${p.why}).`,
    zh: `解码器意外停止了（${p.why}）。`,
  }),
};

/** The sentence for an error, in both languages. */
export function pngErrorText(e: PngError): Bilingual {
  return T[e.code](e.params ?? {});
}

export const PNG_ERROR_CODES = Object.keys(T) as PngErrorCode[];
