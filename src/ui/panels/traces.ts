// Traces for the panels' tests and the /bench/panels route, produced by running D3D12 programs on the model (one
// producer of trace events: the model). `smallTrace` is a lesson-sized story: upload a texture, forget one
// barrier (INVALID_SUBRESOURCE_STATE), fix it, alias two placed resources with an aliasing barrier, wait on a
// fence (once with a timeout). `queriesTrace` times two frames with timestamp, occlusion and pipeline-statistics
// queries resolved into a READBACK buffer, and draws through a bundle. `frameLoopTrace(n)` repeats frames of upload (copy queue) -> draw (direct queue)
// work with aliasing transients and a frame-latency ring until the trace holds n events.

export { smallTrace, type SmallTraceIds } from './trace-programs/small';
export { frameLoopTrace } from './trace-programs/frameLoop';
export { queriesTrace, type QueriesTraceIds } from './trace-programs/queries';
