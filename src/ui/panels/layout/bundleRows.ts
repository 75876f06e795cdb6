// Bundles in the event list (SPEC §6.1): under each ExecuteBundle, the bundle's own calls as it recorded them, so a
// learner reads what ran inside the parent list at that point and can step onto each call (a click moves the cursor
// to the call where the bundle recorded it). The group row says what state the bundle inherited from the parent
// (everything the parent set since its Reset but the pipeline state and the topology: [BUNDLE-INHERIT-1]) and what it
// set itself. Derived from the trace's calls: each list's last Reset and Close are noted as the event list is built,
// so only a bundle's own recording span and its parent's are walked, once per ExecuteBundle.

import { idOf, objectLabel, type CallEv, type TraceIndex } from '../../../core';
import type { EventRow } from './eventList';
import { CallRow } from './callRow';

/** Methods whose state a bundle inherits from the parent list ("all state ... except the PSO and topology"). */
const INHERITED = new Set([
  'OMSetRenderTargets',
  'RSSetViewports',
  'RSSetScissorRects',
  'OMSetBlendFactor',
  'OMSetStencilRef',
  'SetGraphicsRootSignature',
  'SetComputeRootSignature',
  'SetDescriptorHeaps',
  'SetGraphicsRootDescriptorTable',
  'SetGraphicsRoot32BitConstant',
  'SetGraphicsRoot32BitConstants',
  'SetGraphicsRootConstantBufferView',
  'SetGraphicsRootShaderResourceView',
  'SetGraphicsRootUnorderedAccessView',
  'SetComputeRootDescriptorTable',
  'SetComputeRoot32BitConstants',
  'IASetVertexBuffers',
  'IASetIndexBuffer',
]);

/** What a bundle does not inherit: it must set them itself. */
const NOT_INHERITED = new Set(['SetPipelineState', 'IASetPrimitiveTopology']);

const method = (c: CallEv) => c.api.slice(c.api.lastIndexOf('::') + 2);

/** A bundle's call shown under the ExecuteBundle that ran it: ordered at the ExecuteBundle, `origin` its own call. */
class BundleCallRow extends CallRow {
  constructor(
    depth: number,
    private readonly exec: CallEv,
    call: CallEv,
  ) {
    super(depth, call);
  }
  override get i(): number {
    return this.exec.i;
  }
  override get end(): number {
    return this.exec.i;
  }
  get origin(): number {
    return this.call.i;
  }
  override get key(): string {
    return `bundle-call:${this.exec.i}:${this.call.i}`;
  }
}

/** Each list's last Reset (or creation) and Close, noted while the event list walks the calls. */
export class BundleRecordings {
  private readonly start = new Map<number, number>();
  private readonly close = new Map<number, number>();
  constructor(private readonly ix: TraceIndex) {}

  /** Note a command-list call (`api`: the method name); cheap: most calls are neither. */
  note(call: CallEv, api: string): void {
    if (api === 'Reset') this.start.set(call.self, call.i);
    else if (api === 'Close') this.close.set(call.self, call.i);
  }

  private from(list: number): number {
    return this.start.get(list) ?? this.ix.objects.get(list)?.created ?? 0;
  }

  /** The calls `list` recorded from its last Reset (or creation) up to `to` (exclusive), Reset/Close left out. */
  private callsOf(list: number, to: number): CallEv[] {
    const out: CallEv[] = [];
    for (let i = this.from(list); i < to; i++) {
      const c = this.ix.calls[i];
      // the list's own recorded methods (SetName and other ID3D12Object calls on it are not commands)
      if (!c || c.self !== list || !c.api.startsWith('ID3D12GraphicsCommandList')) continue;
      const m = method(c);
      if (m !== 'Reset' && m !== 'Close') out.push(c);
    }
    return out;
  }

  /** The group row and the bundle's calls to show under ExecuteBundle `exec` (whose row is at `depth`). */
  rowsFor(exec: CallEv, depth: number): EventRow[] {
    const b = idOf((exec.args as { CommandList?: unknown } | null)?.CommandList);
    if (b === null || !this.ix.objects.has(b)) return [];
    const closed = this.close.get(b);
    // a bundle not closed since its last Reset: the runtime drops the call (EXECUTE_BUNDLE_OPEN_BUNDLE)
    const open = closed === undefined || closed < this.from(b);
    const calls = this.callsOf(b, open ? exec.i : closed);
    const own = [...new Set(calls.map(method).filter((m) => NOT_INHERITED.has(m) || INHERITED.has(m)))];
    const inherited = [
      ...new Set(
        this.callsOf(exec.self, exec.i)
          .map(method)
          .filter((m) => INHERITED.has(m)),
      ),
    ];
    const first = calls[0]?.i ?? exec.i;
    const last = calls[calls.length - 1]?.i ?? exec.i;
    const group: EventRow = {
      kind: 'bundle',
      depth: depth + 1,
      i: exec.i,
      end: exec.i,
      label: `bundle ${objectLabel(this.ix, b)}: ${calls.length} calls recorded at calls ${first}–${last}${open ? ' — still open, so ExecuteBundle was dropped (EXECUTE_BUNDLE_OPEN_BUNDLE)' : ''}`,
      self: b,
      key: `bundle:${exec.i}`,
      inherits: inherited,
      sets: own,
      note:
        `inherits from ${objectLabel(this.ix, exec.self)}: ${inherited.join(', ') || 'nothing set yet'}; ` +
        `sets itself: ${own.join(', ') || 'nothing'} (the pipeline state and the topology are never inherited; what the bundle sets stays set on the parent)`,
    };
    return [group, ...calls.map((c) => new BundleCallRow(depth + 2, exec, c))];
  }
}
