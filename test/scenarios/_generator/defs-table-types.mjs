// [DT-TYPE-1] A descriptor table reads one heap type (issue 9 §2, "descriptor-table handle checks"): an SRV table
// given a handle in the SAMPLER heap (both heaps set, so the handle is in a bound heap) and a SAMPLER table given a
// handle in the CBV_SRV_UAV heap are SET_DESCRIPTOR_TABLE_INVALID; the same tables with handles from the right heap
// raise nothing. Sources: the SetGraphicsRootDescriptorTable / SetComputeRootDescriptorTable reference pages (the
// base descriptor is in the heap of the table's type), "Descriptor heaps" (one CBV_SRV_UAV and one SAMPLER heap may
// be set at once); message ID for the wrong-type handle INF (SPEC.md DT-TYPE-1 says so).
import { scenario } from './builder.mjs';
import { rootSig } from './defs-documented-rules.mjs';

const def = (dir, aspect, what, basis, opts, fn) =>
  scenario('_generator/defs-table-types.mjs', dir, aspect, what, basis, opts, fn);

const BASIS = 'SetGraphicsRootDescriptorTable / SetComputeRootDescriptorTable pages; message ID INF';

/** Both shader-visible heaps set on the list, the root signature set, then the table bound to `heap`'s start. */
function bindTable(b, { compute, rangeType, heap }, e = {}) {
  b.basics();
  b.heap('srvHeap', 'CBV_SRV_UAV', 4, true).heap('samplerHeap', 'SAMPLER', 4, true);
  rootSig(b, { version: '1_0', visibility: 'ALL', rangeType });
  b.c('ID3D12GraphicsCommandList::SetDescriptorHeaps', {
    self: 'list',
    args: { NumDescriptorHeaps: 2, DescriptorHeaps: ['srvHeap', 'samplerHeap'] },
  });
  const stage = compute ? 'Compute' : 'Graphics';
  b.c(`ID3D12GraphicsCommandList::Set${stage}RootSignature`, { self: 'list', args: { RootSignature: 'rootSig' } });
  b.c(
    `ID3D12GraphicsCommandList::Set${stage}RootDescriptorTable`,
    { self: 'list', args: { RootParameterIndex: 0, BaseDescriptor: { heap, index: 0 } } },
    e,
  );
  b.close();
}

const WRONG = { msgs: ['SET_DESCRIPTOR_TABLE_INVALID'] };
for (const compute of [false, true]) {
  const dir = `ID3D12GraphicsCommandList/Set${compute ? 'Compute' : 'Graphics'}RootDescriptorTable`;
  const who = compute ? 'compute' : 'graphics';
  def(
    dir,
    'srv_table_handle_in_sampler_heap',
    `${who}: an SRV table given a handle in the SAMPLER heap (both heaps set): SET_DESCRIPTOR_TABLE_INVALID`,
    BASIS,
    {},
    (b) => bindTable(b, { compute, rangeType: 'SRV', heap: 'samplerHeap' }, WRONG),
  );
  def(
    dir,
    'sampler_table_handle_in_srv_heap',
    `${who}: a SAMPLER table given a handle in the CBV_SRV_UAV heap (both heaps set): SET_DESCRIPTOR_TABLE_INVALID`,
    BASIS,
    {},
    (b) => bindTable(b, { compute, rangeType: 'SAMPLER', heap: 'srvHeap' }, WRONG),
  );
  def(
    dir,
    'srv_table_handle_in_srv_heap',
    `${who}: an SRV table given a handle in the CBV_SRV_UAV heap (both heaps set): no message`,
    BASIS,
    {},
    (b) => bindTable(b, { compute, rangeType: 'SRV', heap: 'srvHeap' }),
  );
  def(
    dir,
    'sampler_table_handle_in_sampler_heap',
    `${who}: a SAMPLER table given a handle in the SAMPLER heap (both heaps set): no message`,
    BASIS,
    {},
    (b) => bindTable(b, { compute, rangeType: 'SAMPLER', heap: 'samplerHeap' }),
  );
}
