// A model object as the trace keeps it in a call's arguments: its id, interface and debug name, never the live
// object. A live object keeps everything it points at reachable from the trace (its device, the system, every
// submission, the CPU-side bytes of every resource ever created), so nothing the application released could be
// collected while the trace lives: at a million events that was ~400 MB of released textures' bytes. Readers
// see what they read before: `id` and `iface` (idOf, the event list's `Type #id`, a capture's `$obj`), and the
// JSON form is the live object's (IUnknown.toJSON), so exported traces are unchanged.

export class ObjectRef {
  constructor(
    readonly id: number,
    readonly iface: string,
    /** kept current by the object (SetName), as the live object's name was */
    public name: string | null,
  ) {}

  toJSON(): { object: number; iface: string; name: string | null } {
    return { object: this.id, iface: this.iface, name: this.name };
  }
}
