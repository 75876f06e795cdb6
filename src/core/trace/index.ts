// The trace module: its events (plain data), the log the model appends to, the index every reader builds once
// and extends, the queries over it ("as of call N"), the state at a call, and the Perfetto export. Panels,
// lesson checks, the executor's planner and the tests all read the trace through here.
export * from './events';
export { ObjectRef } from './refs';
export { Trace } from './log';
export * from './traceIndex';
export * from './queries';
export * from './snapshots';
export * from './recorded';
export * from './chrome';
