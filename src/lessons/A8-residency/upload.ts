// Lesson 13's upload path for a texture placed in a heap (lesson A3): a 4 × 4 texture of one colour at offset 0 of
// `heap`, its bytes through a committed UPLOAD buffer (system memory on a discrete GPU: the NON_LOCAL group), and
// CopyTextureRegion recorded on `list`. The upload buffer must live until the GPU has run the copy.
import {
  type ID3D12Device,
  type ID3D12GraphicsCommandList,
  type ID3D12Heap,
  D3D12_HEAP_FLAG_NONE,
  D3D12_HEAP_TYPE_UPLOAD,
  D3D12_RESOURCE_DIMENSION_BUFFER,
  D3D12_RESOURCE_DIMENSION_TEXTURE2D,
  D3D12_RESOURCE_FLAG_NONE,
  D3D12_RESOURCE_STATE_COPY_DEST,
  D3D12_RESOURCE_STATE_GENERIC_READ,
  D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT,
  D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX,
  D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
  D3D12_TEXTURE_LAYOUT_UNKNOWN,
  DXGI_FORMAT_R8G8B8A8_UNORM,
  DXGI_FORMAT_UNKNOWN,
} from '../../core';
import { ThrowIfFailed } from '../runner';

const Size = 4;

export function UploadPlacedTexture(
  device: ID3D12Device,
  list: ID3D12GraphicsCommandList,
  heap: ID3D12Heap,
  colour: number[],
  name: string,
) {
  const texDesc = {
    Dimension: D3D12_RESOURCE_DIMENSION_TEXTURE2D,
    Alignment: 0,
    Width: Size,
    Height: Size,
    DepthOrArraySize: 1,
    MipLevels: 1,
    Format: DXGI_FORMAT_R8G8B8A8_UNORM,
    SampleDesc: { Count: 1, Quality: 0 },
    Layout: D3D12_TEXTURE_LAYOUT_UNKNOWN,
    Flags: D3D12_RESOURCE_FLAG_NONE,
  };
  const texture = ThrowIfFailed(
    device.CreatePlacedResource({
      Heap: heap,
      HeapOffset: 0,
      Desc: texDesc,
      InitialState: D3D12_RESOURCE_STATE_COPY_DEST,
      OptimizedClearValue: null,
    }),
  );
  texture.SetName({ Name: name });
  const {
    Layouts: [fp],
    TotalBytes,
  } = device.GetCopyableFootprints({ ResourceDesc: texDesc, FirstSubresource: 0, NumSubresources: 1, BaseOffset: 0 });
  const upload = ThrowIfFailed(
    device.CreateCommittedResource({
      HeapProperties: { Type: D3D12_HEAP_TYPE_UPLOAD },
      HeapFlags: D3D12_HEAP_FLAG_NONE,
      Desc: {
        Dimension: D3D12_RESOURCE_DIMENSION_BUFFER,
        Width: TotalBytes,
        Height: 1,
        DepthOrArraySize: 1,
        MipLevels: 1,
        Format: DXGI_FORMAT_UNKNOWN,
        SampleDesc: { Count: 1, Quality: 0 },
        Layout: D3D12_TEXTURE_LAYOUT_ROW_MAJOR,
      },
      InitialResourceState: D3D12_RESOURCE_STATE_GENERIC_READ,
      OptimizedClearValue: null,
    }),
  );
  const mapped = ThrowIfFailed(upload.Map({ Subresource: 0, ReadRange: { Begin: 0, End: 0 } }));
  for (let y = 0; y < Size; y++)
    for (let x = 0; x < Size; x++) mapped.set(colour, fp.Offset + y * fp.Footprint.RowPitch + x * 4);
  upload.Unmap({ Subresource: 0, WrittenRange: { Begin: 0, End: TotalBytes } });
  list.CopyTextureRegion({
    Dst: { Resource: texture, Type: D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, SubresourceIndex: 0 },
    DstX: 0,
    DstY: 0,
    DstZ: 0,
    Src: { Resource: upload, Type: D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, PlacedFootprint: fp },
    SrcBox: null,
  });
  return { texture, upload };
}
