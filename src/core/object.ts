// IUnknown: every modelled COM object has a stable id (allocation order, never reused), an application
// reference count and an optional debug name (SetName), and is announced in the trace.

import type { DeviceContext, Kernel } from './kernel';
import { ObjectRef } from './trace/refs';

export abstract class IUnknown {
  /** Interface name as in the headers ("ID3D12Resource"); the scenario runner checks `this` against it. */
  abstract readonly iface: string;
  readonly id: number;
  /** Application references (AddRef/Release). The object is destroyed when it reaches 0 and the GPU is done. */
  refs = 1;
  destroyed = false;
  private debugName: string | null = null;
  /** How the trace refers to this object in call arguments (made on first use; see traceArgs). */
  private ref: ObjectRef | null = null;

  constructor(
    readonly sys: Kernel,
    parentId: number,
    typeName: string,
  ) {
    this.id = sys.register(this);
    sys.trace.push({ k: 'object', i: sys.callIndex, id: this.id, type: typeName, name: null, parent: parentId });
  }

  /** Interfaces this object answers to (for QueryInterface and the runner's `this` check). */
  implements(iface: string): boolean {
    return (
      iface === this.iface ||
      iface === 'IUnknown' ||
      iface === 'ID3D12Object' ||
      iface === 'ID3D12DeviceChild' ||
      iface === 'ID3D12Pageable'
    );
  }

  AddRef(): number {
    const c = this.sys.beginCall('IUnknown::AddRef', this.id, null);
    this.refs++;
    this.sys.endCall(c, null);
    return this.refs;
  }

  /** [OBJ-REL-1] Drops the application's reference; at zero the object is destroyed (subclasses add checks). */
  Release(): number {
    const c = this.sys.beginCall('IUnknown::Release', this.id, null);
    if (this.refs > 0) this.refs--;
    const destroyed = this.refs === 0 && !this.destroyed;
    if (destroyed) {
      // [OBJ-REL-3] any object still referenced by GPU work in flight (allocator, list, descriptor heap, PSO, root
      // signature; resources report in their own onFinalRelease): OBJECT_DELETED_WHILE_STILL_IN_USE
      const dev = this.inFlightOn();
      if (dev) {
        dev.msg('OBJECT_DELETED_WHILE_STILL_IN_USE', { object: this.id, type: this.iface });
        this.sys.hazard('object-deleted-in-flight', this.id, { type: this.iface, outcome: 'GPU reads freed memory' });
      }
      this.onFinalRelease();
    }
    this.sys.trace.push({ k: 'release', i: this.sys.callIndex, id: this.id, refs: this.refs, destroyed });
    this.sys.endCall(c, null);
    return this.refs;
  }

  /**
   * The device whose GPU work in flight still uses this object, or null (OBJ-REL-3; resources answer through
   * gpuRefs instead).
   */
  protected inFlightOn(): DeviceContext | null {
    return null;
  }

  /** Called when the last application reference goes away. */
  protected onFinalRelease(): void {
    this.destroyed = true;
  }

  SetName(args: { Name: string }): { hr: 'S_OK' } {
    const c = this.sys.beginCall('ID3D12Object::SetName', this.id, args);
    this.name = String(args.Name);
    this.sys.trace.push({ k: 'name', i: this.sys.callIndex, id: this.id, name: this.name });
    this.sys.endCall(c, 'S_OK');
    return { hr: 'S_OK' };
  }

  GetName(): string | null {
    return this.name;
  }

  /** The debug name (SetName); the object's trace reference follows it. */
  get name(): string | null {
    return this.debugName;
  }

  set name(v: string | null) {
    this.debugName = v;
    if (this.ref) this.ref.name = v;
  }

  /** The plain reference the trace records for this object in call arguments (one per object). */
  traceRef(): ObjectRef {
    return (this.ref ??= new ObjectRef(this.id, this.iface, this.debugName));
  }

  /** In JSON (an exported trace's call arguments) a model object is a reference to it by id, never its state. */
  toJSON(): { object: number; iface: string; name: string | null } {
    return { object: this.id, iface: this.iface, name: this.name };
  }
}
