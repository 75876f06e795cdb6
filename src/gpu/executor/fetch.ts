// The D3D12 input assembler's vertex fetch, on the CPU.

/**
 * The input assembler's fetch, done as D3D12 defines it: element e of vertex v is read at
 * view base + v × StrideInBytes + AlignedByteOffset, and bytes past the end of the view read as 0. The result is
 * packed tightly for WebGPU, which then rasterises exactly what D3D12 would have fetched, whatever the stride
 * (WebGPU alone refuses a stride smaller than the vertex, so a wrong stride could not show its real garbling).
 */
export function fetchElement(
  bytes: Uint8Array,
  base: number,
  viewSize: number,
  stride: number,
  offset: number,
  size: number,
  count: number,
): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.max(4, Math.ceil((count * size) / 4) * 4));
  const end = Math.min(base + viewSize, bytes.length);
  for (let v = 0; v < count; v++) {
    const src = base + v * stride + offset;
    for (let i = 0; i < size; i++) {
      const at = src + i;
      if (at >= base && at < end) out[v * size + i] = bytes[at];
    }
  }
  return out;
}
