export { LessonExecutor, type ExecResult, type ExecHazard } from './executor';
export { planReplay, type ReplayPlan, type PlannedSubmission, type ReplaySource } from './plan';
export { textureFormat, vertexFormat } from './formats';
export { OffscreenPresenter, type FramePresenter } from './offscreen';
export { fetchElement } from './fetch';
